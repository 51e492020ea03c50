import { QueryClientProvider } from "@tanstack/react-query";
import { Suspense, useEffect, useState } from "react";
import { BrowserRouter, Route, Routes } from "react-router";
import { setUnauthorizedHandler } from "../api/apiClient.ts";
import { readOperatorToken } from "../api/operatorToken.ts";
import { RunPage } from "../features/agent/runs/RunPage.tsx";
import { Loading } from "../ui/Loading.tsx";
import { Layout } from "./Layout.tsx";
import { AgentPage, GuildPage, GuildsPage, PricesPage, RunsBoardPage, SignInPage } from "./lazyPages.ts";
import { NotFoundPage } from "./NotFoundPage.tsx";
import { createQueryClient } from "./queryClient.ts";

const queryClient = createQueryClient();

/**
 * The routes: guilds → a guild (repositories, agents, secrets) → an agent (settings, runs) → a run;
 * beside them the runs board of every guild.
 */
export function App() {
  const [signedIn, setSignedIn] = useState(() => readOperatorToken() !== null);
  useEffect(() => {
    setUnauthorizedHandler(() => {
      queryClient.clear();
      setSignedIn(false);
    });
  }, []);
  if (!signedIn)
    return (
      <Suspense fallback={<Loading />}>
        <SignInPage onSignedIn={() => setSignedIn(true)} />
      </Suspense>
    );
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Routes>
          <Route element={<Layout onSignOut={() => setSignedIn(false)} />}>
            <Route index element={<GuildsPage />} />
            <Route path="guilds/:guildId" element={<GuildPage />} />
            <Route path="agents/:agentId" element={<AgentPage />} />
            <Route path="runs" element={<RunsBoardPage />} />
            <Route path="runs/:runId" element={<RunPage />} />
            <Route path="prices" element={<PricesPage />} />
            <Route path="*" element={<NotFoundPage />} />
          </Route>
        </Routes>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
