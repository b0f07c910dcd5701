import type { Envelope, ErrorEnvelope, FieldErrors, WriteEnvelope } from "@cm/contracts/envelope";
import { genericMessages } from "@cm/contracts/messages";

export function ok<TData>(data: TData, message: string = genericMessages.ok): Envelope<TData> {
  return { success: true, message, data };
}

export interface WrittenOptions {
  /** The entity's revision after the write: what the client must send with its next write. */
  revision: number;
  created?: boolean;
  message?: string;
}

export function written<TData>(data: TData, options: WrittenOptions): WriteEnvelope<TData> {
  return {
    success: true,
    message: options.message ?? genericMessages.ok,
    data,
    nextExpectedStreamVersion: options.revision,
    createdNewStream: options.created ?? false,
  };
}

export function failure(message: string, fieldErrors: FieldErrors | null = null): ErrorEnvelope {
  return { success: false, message, data: fieldErrors };
}

/** Renames the `revision` column to the `_revision` clients see, leaving the other fields alone. */
export function toRevisioned<TRow extends { revision: number }>(
  row: TRow,
): Omit<TRow, "revision"> & { _revision: number } {
  const { revision, ...rest } = row;
  return { ...rest, _revision: revision };
}
