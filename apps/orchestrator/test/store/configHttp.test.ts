import { expect, test } from "vitest";
import { loadConfig } from "../../src/config.ts";

test("the HTTP settings are absent unless set; lists are trimmed, host names lower-cased", () => {
  const unset = loadConfig({ GUILDS_HOME: "/srv/guilds" });
  expect([unset.corsOrigins, unset.allowedHosts, unset.readyMinFreeDiskBytes]).toEqual([
    undefined,
    undefined,
    undefined,
  ]);
  const set = loadConfig({
    GUILDS_HOME: "/srv/guilds",
    GUILDS_CORS_ORIGINS: " https://ops.example.com, http://127.0.0.1:5173 ,",
    GUILDS_ALLOWED_HOSTS: "Guilds.Example.com,10.0.0.5,[fd00::2]",
    GUILDS_READY_MIN_FREE_DISK: "5G",
  });
  expect(set.corsOrigins).toEqual(["https://ops.example.com", "http://127.0.0.1:5173"]);
  expect(set.allowedHosts).toEqual(["guilds.example.com", "10.0.0.5", "[fd00::2]"]);
  expect(set.readyMinFreeDiskBytes).toBe(5 * 1024 ** 3);
  expect(loadConfig({ GUILDS_ALLOWED_HOSTS: "*" }).allowedHosts).toEqual(["*"]);
});

test.each([
  ["GUILDS_CORS_ORIGINS", "ops.example.com"],
  ["GUILDS_CORS_ORIGINS", "https://ops.example.com/"],
  ["GUILDS_ALLOWED_HOSTS", "guilds.example.com:7777"],
  ["GUILDS_ALLOWED_HOSTS", "http://guilds.example.com"],
  ["GUILDS_READY_MIN_FREE_DISK", "-1G"],
])("%s=%s is refused, saying what to write", (name, value) => {
  expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`Invalid environment: ${name} must `));
});
