-- wrk script: POST the payload file named by PAYLOAD to /v1/preflight?fetch=false.
local f = assert(io.open(os.getenv("PAYLOAD"), "rb"))
wrk.method = "POST"
wrk.body = f:read("*a")
f:close()
wrk.headers["Content-Type"] = "application/json"
wrk.headers["apns-push-type"] = "alert"
wrk.headers["apns-priority"] = "10"
