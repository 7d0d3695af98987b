import { expect } from "vitest";
import { AppError } from "~/server/errors.server";

/** The AppError a promise rejects with; anything else (a resolved promise, another error) fails the test. */
export async function thrownAppError(promise: Promise<unknown>): Promise<AppError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected an AppError");
}

/** Expects the promise to reject with an AppError of `kind` whose message matches (a string: contains) `message`. */
export async function expectAppError(promise: Promise<unknown>, kind: string, message?: RegExp | string) {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(AppError);
  expect((error as AppError).kind).toBe(kind);
  if (message) expect((error as AppError).message).toMatch(message);
  return error as AppError;
}
