import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import type { S3Config } from "~/server/storage.server";

/** s3rver's built-in account: it refuses any other access key id (InvalidAccessKeyId). */
const ACCESS_KEY = "S3RVER";

export interface TestS3Server {
  config: S3Config;
  stop(): Promise<void>;
}

/**
 * A real S3 API server (s3rver: objects in a temporary folder) on a free port, with one bucket.
 * It checks the access key id (and the form of the payload-hash header), but not the V4 signature
 * (storage.test.ts checks our signing against AWS's published example instead).
 */
export async function startTestS3Server(bucket = "uvc-care-test"): Promise<TestS3Server> {
  const directory = mkdtempSync(path.join(tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  return {
    config: {
      endpoint: `http://127.0.0.1:${port}`,
      bucket,
      region: "us-east-1",
      accessKeyId: ACCESS_KEY,
      secretAccessKey: ACCESS_KEY,
      pathStyle: true,
    },
    stop: async () => {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
