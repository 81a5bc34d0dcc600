import { rmSync } from "node:fs";
import { E2E_DATA_DIR } from "./env";

/** Every run starts from an empty data directory (migrations and seed run on start). */
export default function globalSetup() {
  rmSync(E2E_DATA_DIR, { recursive: true, force: true });
}
