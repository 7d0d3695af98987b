import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { CarrierBookingRequest } from "~/features/shipping/carrier";
import { createLatch, type Latch } from "./latch";

/*
 * A local stand-in for GHN's API (tests and the e2e spec; nothing reaches the internet). It answers
 * from the examples recorded from GHN's documentation (app/features/shipping/ghn/fixtures), checks
 * the Token header like GHN (401), and can be told to answer slowly, with malformed JSON or a 500,
 * or to hold its answers until the test releases them.
 */

const fixturesDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../features/shipping/ghn/fixtures");

/** CARRIER_TEST_HOSTS for a test whose GHN account points at the stand-in (it listens on 127.0.0.1). */
export const STAND_IN_HOSTS: readonly string[] = ["127.0.0.1"];

export const ghnFixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(path.join(fixturesDir, `${name}.json`), "utf8")) as Record<string, unknown>;

/** The token and shop the stand-in accepts. */
export const STAND_IN_TOKEN = "285518-c4bb-11ea-be3a-f636b1deefb9";
export const STAND_IN_SHOP_ID = "885";
/** A recipient phone GHN refuses (the create answer is the recorded 400). */
export const REFUSED_PHONE = "0000000000";
/** An order code GHN will not make a print token for (the gen-token answer is a 400). */
export const UNPRINTABLE_ORDER_CODE = "KHONGINDUOC";
/** The print token the stand-in hands out (gen-token.json), and the one its print pages accept. */
export const STAND_IN_PRINT_TOKEN = (ghnFixture("gen-token").data as { token: string }).token;

/** A booking to a ward GHN knows (the stand-in's recorded one): 2 items, COD 450.000 đ. */
export const ghnBookingRequest = (overrides: Partial<CarrierBookingRequest> = {}): CarrierBookingRequest => ({
  orderNumber: "DH000123",
  recipient: {
    name: "Nguyễn Văn An",
    phone: "0987654321",
    address: "72 Thành Thái",
    wardName: "Phường 14",
    wardCode: "27160",
    districtName: "Quận 10",
    districtCode: "771",
    provinceName: "Thành phố Hồ Chí Minh",
    provinceCode: "79",
    addressStructure: "legacy",
  },
  parcel: { weightGrams: 500, lengthCm: 20, widthCm: 15, heightCm: 10 },
  codAmount: 450_000,
  insuranceValue: 450_000,
  feePayer: "shop",
  courierNote: "Cho xem hàng, không thử",
  service: null,
  items: [{ name: "Bàn chải UVC", sku: "UVC-01", quantity: 2 }],
  ...overrides,
});

export type StandInMode = "normal" | "slow" | "malformed" | "server-error";

export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingMessage["headers"];
  body: Record<string, unknown> | null;
}

export interface GhnStandIn {
  /** The base URL to save as the account's (…/shiip/public-api). */
  baseUrl: string;
  mode: StandInMode;
  /** How long a "slow" answer waits (ms). */
  slowMs: number;
  requests: RecordedRequest[];
  /** Holds every answer from now on until the latch is released (`reached`: a request is held). */
  hold(): Latch;
  close(): Promise<void>;
}

const PREFIX = "/shiip/public-api";
/** GHN's print pages (A5, 80 × 80 and 52 × 70 mm), beside the API on the same host, opened by the staff browser. */
const PRINT_PAGE = /^\/a5\/public-api\/(printA5|print80x80|print52x70)$/;

/** A print page: a little HTML naming the size for the stand-in's print token (a browser sends no API token), else 403. */
function printPage(request: RecordedRequest): { status: number; html: string } {
  const size = PRINT_PAGE.exec(request.path)?.[1];
  if (request.query.token !== STAND_IN_PRINT_TOKEN) return { status: 403, html: "<p>Token in không hợp lệ</p>" };
  return { status: 200, html: `<!doctype html><title>GHN ${size}</title><h1>Phiếu gửi GHN (${size})</h1>` };
}

function answerFor(request: RecordedRequest): { status: number; body: unknown } {
  const route = `${request.method} ${request.path}`;
  const ok = (name: string) => ({ status: 200, body: ghnFixture(name) });
  const empty = { status: 200, body: { code: 200, message: "Success", data: [] } };
  const tryFixture = (name: string) => {
    try {
      return ok(name);
    } catch {
      return empty;
    }
  };
  switch (route) {
    case "GET /master-data/province":
      return ok("province");
    case "POST /master-data/district":
      return tryFixture(`district-${Number(request.body?.province_id)}`);
    case "GET /master-data/ward":
      return tryFixture(`ward-${Number(request.query.district_id)}`);
    case "POST /v2/shipping-order/fee":
      return ok("fee");
    case "POST /v2/shipping-order/create":
      return request.body?.to_phone === REFUSED_PHONE ? { status: 400, body: ghnFixture("error-400") } : ok("create");
    case "POST /v2/switch-status/cancel":
      return ok("cancel");
    case "POST /v2/shipping-order/detail":
      return ok("detail");
    case "GET /v2/shop/all":
      return ok("shop-all");
    case "POST /v2/a5/gen-token": {
      const codes = request.body?.order_codes;
      return Array.isArray(codes) && codes.includes(UNPRINTABLE_ORDER_CODE)
        ? { status: 400, body: ghnFixture("gen-token-error") }
        : ok("gen-token");
    }
    default:
      return { status: 404, body: { code: 404, message: "Not found", data: null } };
  }
}

export async function startGhnStandIn(): Promise<GhnStandIn> {
  const state = { mode: "normal" as StandInMode, slowMs: 5_000, held: null as Latch | null };
  const requests: RecordedRequest[] = [];
  const pending = new Set<NodeJS.Timeout>();

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stand-in");
      let body: Record<string, unknown> | null = null;
      try {
        body = chunks.length ? (JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>) : null;
      } catch {
        body = null;
      }
      const recorded: RecordedRequest = {
        method: req.method ?? "GET",
        path: url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) : url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body,
      };
      requests.push(recorded);
      const send = () => {
        if (state.mode === "server-error") {
          res.writeHead(502, { "Content-Type": "text/html" }).end("<html><body>Bad Gateway</body></html>");
          return;
        }
        if (state.mode === "malformed") {
          res.writeHead(200, { "Content-Type": "application/json" }).end('{"code": 200, "data": {');
          return;
        }
        if (req.method === "GET" && PRINT_PAGE.test(recorded.path)) {
          const page = printPage(recorded);
          res.writeHead(page.status, { "Content-Type": "text/html; charset=utf-8" }).end(page.html);
          return;
        }
        const answer =
          req.headers.token === STAND_IN_TOKEN ? answerFor(recorded) : { status: 401, body: ghnFixture("error-401") };
        res
          .writeHead(answer.status, { "Content-Type": "application/json; charset=utf-8" })
          .end(JSON.stringify(answer.body));
      };
      if (state.held) void state.held.wait().then(send);
      else if (state.mode === "slow") {
        const timer = setTimeout(() => {
          pending.delete(timer);
          send();
        }, state.slowMs);
        pending.add(timer);
      } else send();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;

  return {
    baseUrl: `http://127.0.0.1:${port}${PREFIX}`,
    get mode() {
      return state.mode;
    },
    set mode(mode: StandInMode) {
      state.mode = mode;
    },
    get slowMs() {
      return state.slowMs;
    },
    set slowMs(ms: number) {
      state.slowMs = ms;
    },
    requests,
    hold: () => {
      const latch = createLatch();
      state.held = latch;
      return {
        ...latch,
        release: () => {
          if (state.held === latch) state.held = null;
          latch.release();
        },
      };
    },
    close: async () => {
      state.held?.release();
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
