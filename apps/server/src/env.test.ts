import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./env.ts";

function configErrorOf(env: Record<string, string>): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("expected the configuration to be rejected");
}

describe("loadConfig", () => {
  it("starts from defaults when nothing is set", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ HOST: "127.0.0.1", PORT: 3000, ADMIN_EMAIL: "admin@example.com" });
    expect(config.PUBLIC_URL).toBe("http://127.0.0.1:3000");
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it.each([
    ["PORT", "not-a-port"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://localhost/catalog"],
    ["ADMIN_EMAIL", "not an e-mail"],
    ["APP_ENV", "staging"],
    ["LOG_LEVEL", "loud"],
    ["SMTP_URL", "http://mail.example.com"],
  ])("names %s when its value %j is wrong", (variable, value) => {
    expect(configErrorOf({ [variable]: value }).message).toContain(variable);
  });

  it("reads TRUST_PROXY as off, on, a hop count or a list of proxies", () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(true);
    expect(loadConfig({ TRUST_PROXY: "2" }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8, loopback" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "loopback",
    ]);
    expect(configErrorOf({ TRUST_PROXY: "10.0.0.0/8, the proxy" }).message).toContain("TRUST_PROXY");
  });

  it("refuses to turn login rate limits off in production", () => {
    expect(configErrorOf({ NODE_ENV: "production", LOGIN_RATE_LIMITS: "off" }).message).toContain(
      "LOGIN_RATE_LIMITS",
    );
    expect(loadConfig({ LOGIN_RATE_LIMITS: "off" }).LOGIN_RATE_LIMITS).toBe("off");
  });

  it("names every wrong variable at once", () => {
    const { message } = configErrorOf({ PORT: "x", APP_ENV: "staging" });
    expect(message).toContain("PORT");
    expect(message).toContain("APP_ENV");
  });
});
