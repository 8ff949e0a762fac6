/**
 * The wrk script of the ingest bench: each request is a PATCH of the next open session (round
 * robin per wrk thread), with its member's cookie (a visitor's session has none) and its write
 * token, carrying totals that grow by 30 s per update, as a player's periodic updates do.
 */
export function patchScript(
  sessions: Array<{ id: string; token: string; cookie: string }>,
  origin: string,
): string {
  const rows = sessions
    .map((s) => `{${JSON.stringify(s.id)}, ${JSON.stringify(s.token)}, ${JSON.stringify(s.cookie)}}`)
    .join(',\n');
  return `
local sessions = {
${rows}
}
local turn = 0
local counter = 0
setup = function(thread)
  thread:set("offset", counter)
  counter = counter + 1
end
init = function(args)
  turn = (offset or 0) * 7919
end
request = function()
  if #sessions == 0 then return wrk.format("GET", "/") end
  turn = turn + 1
  local s = sessions[turn % #sessions + 1]
  local watched = 30 * (math.floor(turn / #sessions) % 100 + 1)
  local body = string.format(
    '{"endPosition":%d,"totalWatchTime":%d,"pauseCount":0,"seekCount":0,"updatedAt":"%s","watchedRanges":[{"start":%d,"end":%d}]}',
    watched, watched, os.date("!%Y-%m-%dT%H:%M:%SZ"), watched - 30, watched)
  local headers = {
    ["Content-Type"] = "application/json",
    ["Origin"] = ${JSON.stringify(origin)},
    ["X-Viewing-Session-Token"] = s[2],
  }
  if s[3] ~= "" then headers["Cookie"] = s[3] end
  return wrk.format("PATCH", "/api/analytics/viewing-session/" .. s[1], headers, body)
end
`;
}
