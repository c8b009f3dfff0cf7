// Events in words for the replay viewer and the table's log: the event's type
// as a phrase, then its fields (the gateway has already redacted hidden ones);
// the platform's own events (clock, resignation, timeout, end) in sentences.
import { sayPreset } from "./clock";

const SKIP = new Set(["type", "v", "seat"]);

function value(v: unknown): string {
  if (Array.isArray(v)) return v.length > 8 ? `${v.length} items` : v.map(value).join(", ");
  if (v && typeof v === "object") {
    return Object.entries(v as Record<string, unknown>)
      .filter(([, x]) => x !== 0 && x !== null)
      .map(([k, x]) => `${k} ${value(x)}`)
      .join(", ");
  }
  return String(v);
}

const RETIRED: Record<string, string> = { resign: "resigned", timeout: "ran out of time" };

function sayPlatform(event: Record<string, unknown>): string | null {
  switch (event.type) {
    case "platform.clock": {
      const settings = event.settings as { preset: string; kind: string; initial_ms: number; increment_ms: number };
      return `Clock — ${sayPreset(settings.preset, settings)}`;
    }
    case "platform.retired":
      return `Seat ${Number(event.seat) + 1} ${RETIRED[String(event.reason)] ?? `left (${event.reason})`}`;
    case "platform.ended":
      return `Game over — ${String(event.reason)}`;
    default:
      return null;
  }
}

export function sayEvent(event: Record<string, unknown>): string {
  const platform = sayPlatform(event);
  if (platform) return platform;
  const who = typeof event.seat === "number" ? `Seat ${event.seat + 1}: ` : "";
  const what = String(event.type ?? "event").replaceAll("_", " ");
  const fields = Object.entries(event)
    .filter(([k, v]) => !SKIP.has(k) && v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => `${k.replaceAll("_", " ")} ${value(v)}`);
  return `${who}${what}${fields.length ? ` — ${fields.join("; ")}` : ""}`;
}
