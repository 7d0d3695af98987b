import { Check, Copy, PlugZap, RefreshCw } from "~/components/ui/icons";
import { useRef, useState } from "react";
import { useFetcher } from "react-router";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Input, Select } from "~/components/ui/input";
import { FormField, Label } from "~/components/ui/label";
import { StaleRowNotice, staleRowErrorOf, useFormRowVersion, useReloadForms } from "~/components/ui/stale-row-notice";
import { Switch } from "~/components/ui/switch";
import { UnsavedChangesGuard, useFormDirty } from "~/components/ui/unsaved-changes";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import {
  ghnEnvironmentLabels,
  ghnEnvironments,
  ghnServiceTypes,
  type GhnEnvironment,
} from "../carrier-accounts.schema";
import type { GhnAccountView } from "../carrier-accounts.server";

export interface CarriersPageData {
  ghn: GhnAccountView;
  origin: string;
}

export function CarriersPage({ loaderData }: { loaderData: CarriersPageData }) {
  const { generation, reload, reloading } = useReloadForms();
  return (
    <>
      <AdminPageHeader
        title="Đơn vị vận chuyển"
        description="Kết nối tài khoản GHN để tạo vận đơn, nhận trạng thái giao hàng và xem phí ước tính. Vận đơn thủ công (đơn vị bất kỳ) luôn dùng được."
      />
      <div className="flex max-w-3xl flex-col gap-6">
        {/* A new webhook secret raises the version too: the form mounts again with it (nothing typed is lost that was not saved). */}
        <GhnForm
          key={`${generation}-${loaderData.ghn.version ?? 0}`}
          ghn={loaderData.ghn}
          generation={generation}
          reload={{ run: () => void reload(), busy: reloading }}
        />
        <WebhookCard path={loaderData.ghn.webhookPath} origin={loaderData.origin} version={loaderData.ghn.version} />
        <ConnectionCard saved={loaderData.ghn.saved && loaderData.ghn.tokenHint !== null} />
      </div>
    </>
  );
}

const card = "rounded-xl border border-brand-charcoal/10 bg-white p-5 shadow-xs sm:p-6";

function GhnForm({
  ghn,
  generation,
  reload,
}: {
  ghn: GhnAccountView;
  generation: number;
  reload: { run: () => void; busy: boolean };
}) {
  const fetcher = useFetcher<ActionFeedbackResult<{ version: number }>>({ key: `ghn-account-${generation}` });
  const version = useFormRowVersion(ghn.version ?? undefined, fetcher.data);
  const [enabled, setEnabled] = useState(ghn.enabled);
  const [environment, setEnvironment] = useState<GhnEnvironment>(ghn.environment);
  const savedCustomUrl = ghn.environment === "custom" ? ghn.baseUrl : "";
  const [customUrl, setCustomUrl] = useState(savedCustomUrl);
  // A new API address changes where the token is sent: the server asks for the password again.
  const changesAddress =
    environment !== ghn.environment || (environment === "custom" && customUrl.replace(/\/+$/, "") !== savedCustomUrl);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const stale = staleRowErrorOf(result);
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = useFormDirty(formRef, version);

  useActionFeedback(result, {
    success: { save: { title: "Đã lưu", description: "Đã lưu tài khoản GHN" } },
    errorText: (failed) => ({ title: failed.error || "Không thể lưu tài khoản GHN" }),
    pending: busy,
    toastId: "ghn-save",
  });

  return (
    <section aria-labelledby="ghn-title" className={card}>
      <h2 id="ghn-title" className="text-lg font-bold">
        Giao Hàng Nhanh (GHN)
      </h2>
      <p className="mt-1 text-sm text-brand-cool-gray">
        Token API và mã cửa hàng (ShopId) có trong trang khách hàng của GHN: bấm vào tên tài khoản, ô “Token API” →
        “Xem”.
      </p>
      <UnsavedChangesGuard dirty={dirty && !busy} />
      <fetcher.Form ref={formRef} method="post" noValidate className="mt-5 flex flex-col gap-5">
        <input type="hidden" name="intent" value="save" />
        {version !== undefined && <input type="hidden" name="version" value={version} />}
        {stale && <StaleRowNotice message={stale} onReload={reload.run} reloading={reload.busy} />}
        <div className="flex items-start justify-between gap-4 rounded-lg border border-brand-charcoal/10 p-4">
          <div>
            <Label htmlFor="ghn-enabled">Bật GHN</Label>
            <p id="ghn-enabled-hint" className="mt-1 text-xs text-brand-cool-gray">
              Khi bật, nhân viên có thể tạo vận đơn GHN và cửa hàng nhận trạng thái giao hàng từ GHN.
            </p>
          </div>
          <Switch
            id="ghn-enabled"
            name="enabled"
            checked={enabled}
            onCheckedChange={setEnabled}
            aria-describedby="ghn-enabled-hint"
          />
        </div>
        <FormField
          id="ghn-token"
          label="Token API"
          error={errors.token}
          hint={ghn.tokenHint ? `Đã lưu (${ghn.tokenHint}). Để trống để giữ token đã lưu.` : "Chưa lưu token."}
        >
          {(control) => (
            <Input
              {...control}
              name="token"
              type="password"
              autoComplete="off"
              spellCheck={false}
              className="font-mono"
              placeholder={ghn.tokenHint ? "••••••••" : ""}
            />
          )}
        </FormField>
        <FormField id="ghn-shop" label="Mã cửa hàng (ShopId)" error={errors.shopId}>
          {(control) => (
            <Input
              {...control}
              name="shopId"
              inputMode="numeric"
              defaultValue={ghn.shopId}
              autoComplete="off"
              className="font-mono"
            />
          )}
        </FormField>
        <div className="grid gap-5 sm:grid-cols-2">
          <FormField id="ghn-environment" label="Môi trường" error={errors.environment}>
            {(control) => (
              <Select
                {...control}
                name="environment"
                value={environment}
                onChange={(e) => setEnvironment(e.currentTarget.value as GhnEnvironment)}
              >
                {ghnEnvironments.map((value) => (
                  <option key={value} value={value}>
                    {ghnEnvironmentLabels[value]}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField id="ghn-service" label="Dịch vụ mặc định" error={errors.defaultServiceTypeId}>
            {(control) => (
              <Select {...control} name="defaultServiceTypeId" defaultValue={String(ghn.defaultServiceTypeId)}>
                {ghnServiceTypes.map((service) => (
                  <option key={service.id} value={service.id}>
                    {service.label}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
        </div>
        {environment === "custom" && (
          <FormField
            id="ghn-base-url"
            label="Địa chỉ API"
            required
            error={errors.customBaseUrl}
            hint="Chỉ địa chỉ API của GHN, ví dụ: https://online-gateway.ghn.vn/shiip/public-api"
          >
            {(control) => (
              <Input
                {...control}
                name="customBaseUrl"
                type="url"
                value={customUrl}
                onChange={(e) => setCustomUrl(e.currentTarget.value)}
                autoComplete="off"
                className="font-mono"
              />
            )}
          </FormField>
        )}
        {changesAddress && (
          <FormField
            id="ghn-password"
            label="Mật khẩu của bạn"
            required
            error={errors.password}
            hint="Đổi địa chỉ API (nơi cửa hàng gửi token GHN) cần nhập lại mật khẩu."
          >
            {(control) => (
              <Input {...control} name="password" type="password" autoComplete="current-password" maxLength={128} />
            )}
          </FormField>
        )}
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Đang lưu..." : "Lưu"}
          </Button>
        </div>
      </fetcher.Form>
    </section>
  );
}

function WebhookCard({ path, origin, version }: { path: string | null; origin: string; version: number | null }) {
  const [copied, setCopied] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const rotator = useFetcher<ActionFeedbackResult<{ version: number }>>({ key: "ghn-rotate-secret" });
  const url = path ? `${origin}${path}` : null;
  useActionFeedback(rotator.data, {
    success: {
      "rotate-secret": {
        title: "Đã tạo địa chỉ webhook mới",
        description: "Gửi địa chỉ mới cho GHN: địa chỉ cũ không còn dùng được.",
      },
    },
    errorText: (failed) => ({ title: failed.error || "Không thể tạo địa chỉ mới" }),
    pending: rotator.state !== "idle",
    toastId: "ghn-rotate-secret",
    onSuccess: () => {
      setConfirming(false);
      setCopied(false);
    },
  });
  return (
    <section aria-labelledby="ghn-webhook-title" className={card}>
      <h2 id="ghn-webhook-title" className="text-lg font-bold">
        Webhook trạng thái đơn
      </h2>
      {url ? (
        <>
          <p className="mt-1 text-sm text-brand-cool-gray">
            Gửi địa chỉ này cho GHN (mục cấu hình Webhook/Callback) để trạng thái đơn tự cập nhật. Giữ kín: ai có địa
            chỉ này có thể gửi trạng thái giả.
          </p>
          <div className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
            <p className="min-w-0 flex-1 rounded-lg border border-brand-charcoal/15 bg-brand-white px-3 py-2.5 font-mono text-xs break-all select-all">
              {url}
            </p>
            <Button
              type="button"
              variant="outline"
              className="shrink-0"
              onClick={() => {
                void navigator.clipboard?.writeText(url).then(() => setCopied(true));
              }}
            >
              {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied ? "Đã sao chép" : "Sao chép địa chỉ webhook"}
            </Button>
          </div>
          <Button type="button" variant="danger" size="sm" className="mt-3" onClick={() => setConfirming(true)}>
            <RefreshCw aria-hidden="true" /> Tạo địa chỉ mới
          </Button>
          <ConfirmDialog
            open={confirming}
            onOpenChange={setConfirming}
            title="Tạo địa chỉ webhook mới?"
            description="Dùng khi địa chỉ cũ bị lộ. Địa chỉ cũ ngừng hoạt động ngay: trạng thái GHN gửi tới đó sẽ bị từ chối cho đến khi bạn gửi địa chỉ mới cho GHN."
            confirmLabel="Tạo địa chỉ mới"
            busy={rotator.state !== "idle"}
            busyLabel="Đang tạo..."
            onConfirm={() => {
              if (version !== null)
                void rotator.submit({ intent: "rotate-secret", version: String(version) }, { method: "post" });
            }}
          />
        </>
      ) : (
        <p className="mt-1 text-sm text-brand-cool-gray">Lưu tài khoản GHN lần đầu để nhận địa chỉ webhook.</p>
      )}
    </section>
  );
}

function ConnectionCard({ saved }: { saved: boolean }) {
  const fetcher = useFetcher<ActionFeedbackResult<{ shopName: string }>>({ key: "ghn-test" });
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  return (
    <section aria-labelledby="ghn-test-title" className={card}>
      <h2 id="ghn-test-title" className="text-lg font-bold">
        Kiểm tra kết nối
      </h2>
      <p className="mt-1 text-sm text-brand-cool-gray">Gọi GHN bằng token và mã cửa hàng đã lưu.</p>
      <fetcher.Form method="post" className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-center">
        <input type="hidden" name="intent" value="test" />
        <Button type="submit" variant="teal" disabled={busy || !saved}>
          <PlugZap aria-hidden="true" />
          {busy ? "Đang kiểm tra..." : "Kiểm tra kết nối"}
        </Button>
        {!saved && <p className="text-sm text-brand-cool-gray">Lưu token và mã cửa hàng trước.</p>}
      </fetcher.Form>
      <div role="status" aria-live="polite" className="mt-3 text-sm">
        {!busy && result?.ok && (
          <p className="rounded-lg bg-emerald-50 p-3 text-emerald-900">
            Kết nối GHN thành công: cửa hàng “{result.result?.shopName}”.
          </p>
        )}
        {!busy && result && !result.ok && (
          <p className="rounded-lg bg-red-50 p-3 text-red-800">Không kết nối được: {result.error}</p>
        )}
      </div>
    </section>
  );
}
