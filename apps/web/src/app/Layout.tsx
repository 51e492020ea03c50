import { useQueryClient } from "@tanstack/react-query";
import { Suspense } from "react";
import { Link, Outlet } from "react-router";
import { forgetOperatorToken } from "../api/operatorToken.ts";
import { Button } from "../ui/Button.tsx";
import { Loading } from "../ui/Loading.tsx";
import { Breadcrumbs } from "./Breadcrumbs.tsx";
import { RunningCount } from "./RunningCount.tsx";
import { RunWatch } from "./RunWatch.tsx";
import { useRunLifecycle } from "./useRunLifecycle.ts";
import { useTabAttention } from "./useTabAttention.ts";
import "./layout.css";

/**
 * Every signed-in page: a skip link, the top bar (the app, the runs board with the running count,
 * where the page sits, Sign out), the page. It follows every run's start and end for all of them.
 */
export function Layout({ onSignOut }: { onSignOut: () => void }) {
  const queryClient = useQueryClient();
  useRunLifecycle();
  useTabAttention();
  const signOut = () => {
    forgetOperatorToken();
    queryClient.clear();
    onSignOut();
  };
  return (
    <div className="layout">
      <a className="layout-skip-link" href="#main">
        Skip to main content
      </a>
      <header className="layout-bar">
        <Link to="/" className="layout-brand">
          <span className="layout-brand-mark" aria-hidden="true" />
          guilds
        </Link>
        <nav aria-label="Main" className="layout-nav">
          <RunningCount />
          <Link to="/prices" className="layout-nav-link">
            Prices
          </Link>
        </nav>
        <Breadcrumbs />
        <span className="layout-end">
          <RunWatch />
        </span>
        <Button variant="quiet" className="layout-sign-out" onClick={signOut}>
          Sign out
        </Button>
      </header>
      <main id="main" className="layout-main" tabIndex={-1}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  );
}
