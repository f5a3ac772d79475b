"""Preflight from Python (standard library): preflight(payload) -> ("send" | "hold" | "send-unchecked", detail).
PREFLIGHT_URL (default http://127.0.0.1:8080), PREFLIGHT_API_KEY (optional), PREFLIGHT_TIMEOUT (s, default 5).
Fails open: no answer, a 401 or a 5xx means send anyway, and say so (count it in your metrics)."""
import json, os, sys, urllib.error, urllib.request

def preflight(payload: bytes):
    base = os.environ.get("PREFLIGHT_URL", "http://127.0.0.1:8080")
    request = urllib.request.Request(f"{base}/v1/preflight", data=payload, method="POST",
                                     headers={"apns-push-type": "alert"})
    if os.environ.get("PREFLIGHT_API_KEY"):
        request.add_header("Authorization", f"Bearer {os.environ['PREFLIGHT_API_KEY']}")
    try:
        with urllib.request.urlopen(request, timeout=float(os.environ.get("PREFLIGHT_TIMEOUT", "5"))) as response:
            return "send", json.load(response)["verdict"]
    except urllib.error.HTTPError as error:
        if error.code == 422:
            codes = [f["code"] for f in json.load(error)["findings"] if f["severity"] == "error"]
            return "hold", "fail " + " ".join(codes)
        return "send-unchecked", f"preflight answered {error.code}"
    except (OSError, ValueError) as error:  # refused, timed out, reset, not JSON
        return "send-unchecked", f"preflight answered nothing ({error})"

if __name__ == "__main__":
    decision, detail = preflight(open(sys.argv[1], "rb").read())
    print(f"{decision} {detail}" if decision != "send-unchecked" else f"{decision}: {detail}")
