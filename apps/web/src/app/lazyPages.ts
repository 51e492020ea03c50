import { lazy } from "react";

// The pages other than a run's load apart: a run page's first script (the one it cannot show a
// call without) does not carry their forms and schemas.
export const GuildsPage = lazy(async () => ({
  default: (await import("../features/guilds/GuildsPage.tsx")).GuildsPage,
}));
export const GuildPage = lazy(async () => ({
  default: (await import("../features/guilds/GuildPage.tsx")).GuildPage,
}));
export const AgentPage = lazy(async () => ({
  default: (await import("../features/agent/settings/AgentPage.tsx")).AgentPage,
}));
export const RunsBoardPage = lazy(async () => ({
  default: (await import("../features/runs/RunsBoardPage.tsx")).RunsBoardPage,
}));
export const PricesPage = lazy(async () => ({
  default: (await import("../features/prices/PricesPage.tsx")).PricesPage,
}));
export const SignInPage = lazy(async () => ({
  default: (await import("../features/auth/SignInPage.tsx")).SignInPage,
}));
