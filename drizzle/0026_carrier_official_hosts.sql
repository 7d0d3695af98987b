-- Issue 30 (decision 0043): the GHN token is only sent to GHN's own hosts. An account saved
-- before this upgrade with another API address is put back on GHN's production API and turned
-- off, so no token leaves for that address; the owner checks it and turns GHN on again.
UPDATE "carrier_accounts"
SET "base_url" = 'https://online-gateway.ghn.vn/shiip/public-api',
    "enabled" = false,
    "version" = "version" + 1
WHERE "carrier" = 'ghn' AND "base_url" !~ '^https://(dev-)?online-gateway\.ghn\.vn(/|$)';
