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

describe("rendersInTurn", () => {
  it("lets `atOnce` requests through and the others in arrival order as places free up", () => {
    const started: string[] = [];
    const turns = rendersInTurn(2);
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

  it("drops a waiting request whose client went away, without giving it a place", () => {
    const started: string[] = [];
    const turns = rendersInTurn(1);
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
    const turns = rendersInTurn(1);
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
