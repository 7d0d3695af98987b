import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { tickBatchingStream } from "./tick-batching-stream.server";

describe("tickBatchingStream", () => {
  it("hands on the chunks written in one turn as one chunk, byte for byte", async () => {
    const stream = tickBatchingStream();
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    const page = "<html><body><h1>Máy tiệt trùng bàn chải</h1></body></html>";
    const bytes = Buffer.from(page);
    // Split inside the multi-byte letters too: the bytes are passed on untouched.
    for (let i = 0; i < bytes.length; i += 3) stream.write(bytes.subarray(i, i + 3));
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toHaveLength(1);
    expect(chunks[0]!.toString()).toBe(page);
    stream.end();
  });

  it("still streams: what is written in a later turn leaves in a later chunk", async () => {
    const stream = tickBatchingStream();
    const chunks: string[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk.toString()));
    stream.write("<head>");
    stream.write("</head>");
    await new Promise((resolve) => setTimeout(resolve, 5));
    stream.write("<template>deferred</template>");
    await new Promise((resolve) => setImmediate(resolve));
    expect(chunks).toEqual(["<head></head>", "<template>deferred</template>"]);
    stream.end();
  });

  it("passes the rest on at the end and calls onFinal once", async () => {
    let finals = 0;
    const stream = tickBatchingStream({ onFinal: () => (finals += 1) });
    const all = text(stream);
    stream.write("a");
    stream.end("b");
    expect(await all).toBe("ab");
    expect(finals).toBe(1);
  });

  it("passes on nothing after being destroyed", async () => {
    const stream = tickBatchingStream();
    const chunks: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    stream.on("error", () => {});
    stream.write("lost");
    stream.destroy();
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(chunks).toEqual([]);
  });
});
