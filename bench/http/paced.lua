-- wrk script: bench/post.lua, each connection pausing DELAY_MS between its requests (a paced wrk:
-- the open-loop rate of wrk2 -R is approached by connections x 1000 / DELAY_MS requests/s).
dofile("bench/post.lua")
local pause = tonumber(os.getenv("DELAY_MS"))
function delay()
  return pause
end
