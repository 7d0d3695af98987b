import { EventEmitter } from "node:events";
import type { Request, Response } from "express";
import { describe, expect, it } from "vitest";
import { rendersInTurn } from "./guards";

/**
 * A request through the middleware, logged once it is let through: `headers()` sends its
 * response's headers, `close()` ends its response.
 */
function arrive(middleware: ReturnType<typeof rendersInTurn>, name: string, log: string[]) {
  const res = Object.assign(new EventEmitter(), { writeHead: () => res });
  middleware({} as Request, res as unknown as Response, () => log.push(name));
  return { close: () => res.emit("close"), headers: () => res.writeHead() };
}

/** The next turn of the event loop (its check phase, where the turn's budget comes back). */
const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

describe("rendersInTurn", () => {
  it("lets `atOnce` requests through and the others in arrival order as places free up", () => {
    const started: string[] = [];
    const turns = rendersInTurn({ atOnce: 2, perTurn: 10 });
    const [a, b, c, d] = ["a", "b", "c", "d"].map((name) => arrive(turns, name, started));
    expect(started).toEqual(["a", "b"]);
    b!.close();
    expect(started).toEqual(["a", "b", "c"]);
    a!.close();
    c!.close();
    expect(started).toEqual(["a", "b", "c", "d"]);
    d!.close();
    arrive(turns, "e", started);
    expect(started).toEqual(["a", "b", "c", "d", "e"]);
  });

  it("starts at most `perTurn` in one turn of the event loop, even as places free up at once", async () => {
    const started: string[] = [];
    const turns = rendersInTurn({ atOnce: 8, perTurn: 2 });
    // Pages whose data is cached: each sends its headers within the turn it started in.
    const requests = ["a", "b", "c", "d", "e"].map((name) => arrive(turns, name, started));
    requests[0]!.headers();
    requests[1]!.headers();
    expect(started).toEqual(["a", "b"]);
    await nextTurn();
    expect(started).toEqual(["a", "b", "c", "d"]);
    await nextTurn();
    expect(started).toEqual(["a", "b", "c", "d", "e"]);
    // A quiet loop gives a new arrival its place at once.
    await nextTurn();
    arrive(turns, "f", started);
    expect(started).toEqual(["a", "b", "c", "d", "e", "f"]);
  });

  it("drops a waiting request whose client went away, without giving it a place", () => {
    const started: string[] = [];
    const turns = rendersInTurn({ atOnce: 1, perTurn: 10 });
    const a = arrive(turns, "a", started);
    const gone = arrive(turns, "gone", started);
    arrive(turns, "c", started);
    gone.close();
    expect(started).toEqual(["a"]);
    a.close();
    expect(started).toEqual(["a", "c"]);
  });

  it("frees a place once the headers are sent: a slow reader or an event stream keeps none", () => {
    const started: string[] = [];
    const turns = rendersInTurn({ atOnce: 1, perTurn: 10 });
    const stream = arrive(turns, "stream", started);
    const page = arrive(turns, "page", started);
    expect(started).toEqual(["stream"]);
    stream.headers();
    expect(started).toEqual(["stream", "page"]);
    // Its end later gives back nothing more.
    stream.close();
    arrive(turns, "next", started);
    expect(started).toEqual(["stream", "page"]);
    page.headers();
    expect(started).toEqual(["stream", "page", "next"]);
  });
});
