import { Link, useLocation } from "react-router";
import "../ui/panels.css";

/** A path the app has no page for. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <div className="page">
      <div className="not-found">
        <p className="page-header-kicker">Not found</p>
        <h1>There is no page here</h1>
        <p>
          Nothing in the app lives at <code>{pathname}</code>. Start again from the{" "}
          <Link to="/">list of guilds</Link>.
        </p>
      </div>
    </div>
  );
}
