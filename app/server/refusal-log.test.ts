import { describe, expect, it } from "vitest";
import { RefusalLog } from "./refusal-log.server";

function setUp(options: { maxTracked?: number } = {}) {
  const lines: Array<{ entry: Record<string, unknown>; message: string }> = [];
  let now = 1_000_000;
  const log = new RefusalLog(
    { warn: (entry, message) => lines.push({ entry, message }) },
    { intervalMs: 60_000, now: () => now, ...options },
  );
  return {
    log,
    lines,
    advance: (ms: number) => {
      now += ms;
    },
  };
}

const entry = (path: string) => ({ method: "GET", path, status: 429 });

describe("the refusal log", () => {
  it("logs the first refusal of an address in full, then one summary line with the count per interval", () => {
    const { log, lines, advance } = setUp();
    for (let i = 0; i < 80_000; i += 1) log.refused("203.0.113.9", "429", entry(`/search?${i}`), "request refused");
    expect(lines).toEqual([
      { entry: { ...entry("/search?0"), clientIp: "203.0.113.9", reason: "429" }, message: "request refused" },
    ]);
    advance(30_000);
    log.flush();
    expect(lines).toHaveLength(1);
    advance(30_000);
    log.flush();
    expect(lines[1]).toEqual({
      entry: { ...entry("/search?79999"), clientIp: "203.0.113.9", reason: "429", count: 79_999 },
      message: "79999 more refusals in the last 60 s",
    });
    expect(log.size).toBe(0);
    // The next interval starts with a line in full again; a lone refusal gets no summary.
    log.refused("203.0.113.9", "429", entry("/"), "request refused");
    advance(60_000);
    log.flush();
    expect(lines).toHaveLength(3);
    expect(lines[2]!.message).toBe("request refused");
  });

  it("keeps addresses and reasons apart", () => {
    const { log, lines } = setUp();
    log.refused("203.0.113.9", "429", entry("/a"), "request refused");
    log.refused("203.0.113.9", "403", entry("/b"), "request refused");
    log.refused("198.51.100.1", "429", entry("/c"), "request refused");
    log.refused("203.0.113.9", "429", entry("/d"), "request refused");
    expect(lines.map((line) => [line.entry.clientIp, line.entry.reason])).toEqual([
      ["203.0.113.9", "429"],
      ["203.0.113.9", "403"],
      ["198.51.100.1", "429"],
    ]);
  });

  it("a refusal after the interval writes the summary of the last one before its own line", () => {
    const { log, lines, advance } = setUp();
    log.refused("203.0.113.9", "429", entry("/a"), "request refused");
    log.refused("203.0.113.9", "429", entry("/b"), "request refused");
    advance(61_000);
    log.refused("203.0.113.9", "429", entry("/c"), "request refused");
    expect(lines.map((line) => line.message)).toEqual([
      "request refused",
      "1 more refusals in the last 61 s",
      "request refused",
    ]);
  });

  it("tracks at most maxTracked addresses, summarising the one it forgets", () => {
    const { log, lines } = setUp({ maxTracked: 100 });
    log.refused("10.0.0.0", "429", entry("/"), "request refused");
    log.refused("10.0.0.0", "429", entry("/"), "request refused");
    for (let i = 1; i <= 10_000; i += 1) log.refused(`10.0.${i >> 8}.${i & 255}`, "429", entry("/"), "request refused");
    expect(log.size).toBe(100);
    const summary = lines.find((line) => line.entry.count !== undefined);
    expect(summary).toMatchObject({ entry: { clientIp: "10.0.0.0", count: 1 }, message: "1 more refusals in the last 1 s" });
  });
});
