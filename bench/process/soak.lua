-- wrk script for the soak: one request in three is payload-only, one a cache hit, one a real
-- download from nginx (a no-store URL, made unique per request). DELAY_MS paces each connection.
local function read(path)
  local f = assert(io.open(path, "rb"))
  local text = f:read("*a")
  f:close()
  return text
end
local only = read(os.getenv("PAYLOAD_ONLY"))
local cached = read(os.getenv("PAYLOAD_CACHED"))
local template = read(os.getenv("PAYLOAD_TEMPLATE"))
local pause = tonumber(os.getenv("DELAY_MS") or "0")
local headers = { ["apns-push-type"] = "alert", ["Content-Type"] = "application/json" }
local counter = 0

function setup(thread)
  thread:set("offset", math.random(1, 1000000000))
end

function request()
  counter = counter + 1
  local kind = counter % 3
  if kind == 0 then
    return wrk.format("POST", "/v1/preflight?fetch=false", headers, only)
  elseif kind == 1 then
    return wrk.format("POST", "/v1/preflight", headers, cached)
  end
  local body = string.gsub(template, "UNIQUE", tostring((offset or 0) + counter))
  return wrk.format("POST", "/v1/preflight", headers, body)
end

function delay()
  return pause
end
