/**
 * Reading the `Json` a database function returns (generated type: any JSON value) into the shape the
 * code expects, checking each field instead of asserting the whole.
 */
import type { Json } from "./database.types";

type JsonObject = { [key: string]: Json | undefined };

/** The value when it is a JSON object; an empty object otherwise. */
export const jsonObject = (value: Json | undefined): JsonObject =>
  value !== null && typeof value === "object" && !Array.isArray(value) ? value : {};

/** The value when it is a JSON array; an empty array otherwise. */
export const jsonArray = (value: Json | undefined): Json[] => (Array.isArray(value) ? value : []);

/** The value when it is a number; 0 otherwise (counts). */
export const jsonCount = (value: Json | undefined): number => (typeof value === "number" && Number.isFinite(value) ? value : 0);

/** The value when it is a string; "" otherwise. */
export const jsonString = (value: Json | undefined): string => (typeof value === "string" ? value : "");
