import { useQueryClient } from "@tanstack/react-query";
import { Link, Outlet } from "react-router";
import { forgetOperatorToken } from "../api/operatorToken.ts";
import { Button } from "../ui/Button.tsx";
import { Breadcrumbs } from "./Breadcrumbs.tsx";
import "./layout.css";

/** Every signed-in page: a skip link, the top bar (the app, where the page sits, Sign out), the page. */
export function Layout({ onSignOut }: { onSignOut: () => void }) {
  const queryClient = useQueryClient();
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
        <Breadcrumbs />
        <Button variant="quiet" className="layout-sign-out" onClick={signOut}>
          Sign out
        </Button>
      </header>
      <main id="main" className="layout-main" tabIndex={-1}>
        <Outlet />
      </main>
    </div>
  );
}
