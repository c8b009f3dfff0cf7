// Events in words for the replay viewer and the table's log: the event's type
// as a phrase, then its fields (the gateway has already redacted hidden ones).
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

export function sayEvent(event: Record<string, unknown>): string {
  const who = typeof event.seat === "number" ? `Seat ${event.seat + 1}: ` : "";
  const what = String(event.type ?? "event").replaceAll("_", " ");
  const fields = Object.entries(event)
    .filter(([k, v]) => !SKIP.has(k) && v !== null && v !== undefined && !(Array.isArray(v) && v.length === 0))
    .map(([k, v]) => `${k.replaceAll("_", " ")} ${value(v)}`);
  return `${who}${what}${fields.length ? ` — ${fields.join("; ")}` : ""}`;
}
