// Preflight from Node 18+ (global fetch): preflight(payload) -> ["send" | "hold" | "send-unchecked", detail].
// PREFLIGHT_URL (default http://127.0.0.1:8080), PREFLIGHT_API_KEY (optional), PREFLIGHT_TIMEOUT (s, default 5).
// Fails open: no answer, a 401 or a 5xx means send anyway, and say so (count it in your metrics).
import { readFileSync } from "node:fs";

export async function preflight(payload) {
  const base = process.env.PREFLIGHT_URL ?? "http://127.0.0.1:8080";
  const headers = { "apns-push-type": "alert" };
  if (process.env.PREFLIGHT_API_KEY) headers.authorization = `Bearer ${process.env.PREFLIGHT_API_KEY}`;
  try {
    const response = await fetch(`${base}/v1/preflight`, {
      method: "POST", headers, body: payload,
      signal: AbortSignal.timeout(1000 * Number(process.env.PREFLIGHT_TIMEOUT ?? 5)),
    });
    if (response.status === 200) return ["send", (await response.json()).verdict];
    if (response.status === 422) {
      const codes = (await response.json()).findings.filter((f) => f.severity === "error").map((f) => f.code);
      return ["hold", `fail ${codes.join(" ")}`];
    }
    return ["send-unchecked", `preflight answered ${response.status}`];
  } catch (error) { // refused, timed out, reset, not JSON
    return ["send-unchecked", `preflight answered nothing (${error.name})`];
  }
}

if (process.argv[2]) {
  const [decision, detail] = await preflight(readFileSync(process.argv[2]));
  console.log(decision === "send-unchecked" ? `${decision}: ${detail}` : `${decision} ${detail}`);
}
