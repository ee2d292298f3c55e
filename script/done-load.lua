-- wrk script for script/done-load: each wrk thread is one visitor with one keep-alive connection
-- (wrk -t N -c N), looping what a browser does to commit the profile editor: GET /profile/edit for
-- the form's csrf_token and version, then POST /profile/edit with action=done and fields that change
-- every round. The first GET mints the visitor's cookie. A 303 to /profile is a Done; any other
-- status is counted apart by "METHOD status". Latencies are wall-clock (CLOCK_MONOTONIC through
-- LuaJIT's FFI), from building a request to its parsed response.
--
-- wrk runs each thread's script in a Lua state of its own, so with one connection per thread the
-- globals below are one visitor's state. done() gathers every thread's figures and prints one line:
--   done-load: clients=16 seconds=10.0 done=2345 done_per_s=234.5 p50_ms=… p99_ms=… cycle_p50_ms=…
--   cycle_p99_ms=… other={}

local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } done_load_timespec;
  int clock_gettime(int clock, done_load_timespec *now);
]]
local CLOCK_MONOTONIC = 1
local clock = ffi.new("done_load_timespec")

local function now_ms()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, clock)
  return tonumber(clock.tv_sec) * 1000 + tonumber(clock.tv_nsec) / 1e6
end

local seasons = { "spring", "summer", "autumn", "winter" }
local threads = {}

function setup(thread)
  table.insert(threads, thread)
  thread:set("client", #threads)
end

function init(args)
  cookie = nil
  fields = nil
  posting = false
  round = 0
  done_ms = {}
  cycle_ms = {}
  other = {}
  origin = "http://" .. wrk.headers["Host"]
  -- Goal dates stay within the editor's year either side of the committed one (today's, at first).
  today = os.time()
end

-- The unescaped value of the first <input> named `name` (the editor's hidden fields: digits and
-- URL-safe characters, so no entity to decode). Plain finds only: the name, then its tag's value
-- after it (the editor writes name before value) or, failing that, the tag around the name. A
-- pattern scan of the whole page per field was most of this script's CPU.
local function input_value(page, name)
  local at = page:find('name="' .. name .. '"', 1, true)
  if not at then return nil end
  local close = page:find(">", at, true)
  if not close then return nil end
  local value = page:find('value="', at, true)
  if value and value < close then
    local quote = page:find('"', value + 7, true)
    if quote and quote < close then return page:sub(value + 7, quote - 1) end
  end
  local window = page:sub(math.max(1, at - 200), at - 1)
  local opening = nil
  for position in window:gmatch("()<input") do opening = position end
  if not opening then return nil end
  local tag = window:sub(opening) .. page:sub(at, close)
  return tag:match('%svalue="([^"]*)"')
end

local function urlencode(value)
  return (value:gsub("[^%w%-_%.~]", function(c) return string.format("%%%02X", c:byte()) end))
end

local function submission()
  round = round + 1
  local goal = os.date("!%Y-%m-%d", today + (30 + round % 150) * 86400)
  local parts = {
    "csrf_token=" .. urlencode(fields.csrf_token), "version=" .. urlencode(fields.version), "action=done",
    "username=v" .. client .. "-" .. round, "season=" .. seasons[round % 4 + 1], "goal_date=" .. goal,
  }
  if round % 2 == 0 then table.insert(parts, "notifications=on") end
  return table.concat(parts, "&")
end

function request()
  if posting then
    posted_at = now_ms()
    return wrk.format("POST", "/profile/edit", {
      ["Cookie"] = cookie, ["Origin"] = origin, ["Content-Type"] = "application/x-www-form-urlencoded",
    }, submission())
  end
  cycle_start = now_ms()
  return wrk.format("GET", "/profile/edit", cookie and { ["Cookie"] = cookie } or {})
end

local function count(key)
  other[key] = (other[key] or 0) + 1
end

function response(status, headers, body)
  local set_cookie = headers["Set-Cookie"]
  if set_cookie then cookie = set_cookie:match("^[^;]*") end
  if posting then
    posting = false
    local finished = now_ms()
    if status == 303 and headers["Location"] == "/profile" then
      table.insert(done_ms, finished - posted_at)
      table.insert(cycle_ms, finished - cycle_start)
    else
      count("POST " .. status)
    end
  elseif status == 200 then
    fields = { csrf_token = input_value(body, "csrf_token") or "", version = input_value(body, "version") or "" }
    posting = true
  else
    count("GET " .. status)
  end
end

local function percentile(values, fraction)
  if #values == 0 then return 0 / 0 end
  return values[math.min(#values, math.floor(fraction * #values) + 1)]
end

function done(summary, latency, requests)
  local dones, cycles, others = {}, {}, {}
  for _, thread in ipairs(threads) do
    for _, value in ipairs(thread:get("done_ms")) do table.insert(dones, value) end
    for _, value in ipairs(thread:get("cycle_ms")) do table.insert(cycles, value) end
    for key, value in pairs(thread:get("other")) do others[key] = (others[key] or 0) + value end
  end
  table.sort(dones)
  table.sort(cycles)
  local keys = {}
  for key in pairs(others) do table.insert(keys, key) end
  table.sort(keys)
  local listed = {}
  for _, key in ipairs(keys) do table.insert(listed, string.format("'%s': %d", key, others[key])) end
  local socket_errors = summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout
  if socket_errors > 0 then table.insert(listed, string.format("'socket errors': %d", socket_errors)) end
  local seconds = summary.duration / 1e6
  io.write(string.format(
    "done-load: clients=%d seconds=%.1f done=%d done_per_s=%.1f p50_ms=%.1f p99_ms=%.1f "
      .. "cycle_p50_ms=%.1f cycle_p99_ms=%.1f other={%s}\n",
    #threads, seconds, #dones, #dones / seconds, percentile(dones, 0.50), percentile(dones, 0.99),
    percentile(cycles, 0.50), percentile(cycles, 0.99), table.concat(listed, ", ")))
end
