import { type ComponentType, lazy } from "react";

/** The page `name` of the module `load` imports, loaded on its first render. */
function lazyPage<Props, Name extends string>(
  load: () => Promise<Record<Name, ComponentType<Props>>>,
  name: Name,
) {
  return lazy(async () => ({ default: (await load())[name] }));
}

// The pages other than a run's load apart: a run page's first script (the one it cannot show a
// call without) does not carry their forms and schemas.
export const GuildsPage = lazyPage(() => import("../features/guilds/GuildsPage.tsx"), "GuildsPage");
export const GuildPage = lazyPage(() => import("../features/guilds/GuildPage.tsx"), "GuildPage");
export const AgentPage = lazyPage(() => import("../features/agent/settings/AgentPage.tsx"), "AgentPage");
export const RunsBoardPage = lazyPage(() => import("../features/runs/RunsBoardPage.tsx"), "RunsBoardPage");
export const PricesPage = lazyPage(() => import("../features/prices/PricesPage.tsx"), "PricesPage");
export const SignInPage = lazyPage(() => import("../features/auth/SignInPage.tsx"), "SignInPage");
