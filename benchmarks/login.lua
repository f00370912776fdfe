-- wrk script: POST /api/login for one of the seeded users, round robin per thread.
local counter = 0
local users = tonumber(os.getenv("BENCH_USERS") or "8")

request = function()
  counter = counter + 1
  local index = counter % users
  local body = string.format('{"email":"bench%d@example.com","password":"benchmark password"}', index)
  return wrk.format("POST", "/api/login", { ["Content-Type"] = "application/json" }, body)
end

done = function(summary, latency, requests)
  io.write(string.format("logins: %d requests, %d non-2xx/3xx, %d errors\n",
    summary.requests, summary.errors.status, summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.timeout))
end
