import type { Deletion } from "@guilds/client/apiTypes";
import { useLocation, useNavigate } from "react-router";

/*
 * A page that deletes what it shows moves to the page above it and hands over what was deleted
 * (in the history entry's state), so that page can say what went and what the server kept.
 */

interface DeletionState {
  deletion: Deletion;
}

/** The navigation state that carries a deletion to the next page. */
export function deletionState(deletion: Deletion): DeletionState {
  return { deletion };
}

/** The deletion handed to this page, if any, and a way to dismiss it (from the history entry too). */
export function useHandedDeletion(): [Deletion | null, () => void] {
  const location = useLocation();
  const navigate = useNavigate();
  const handed = (location.state as Partial<DeletionState> | null)?.deletion ?? null;
  const dismiss = () => {
    void navigate(location.pathname + location.search, { replace: true, state: null });
  };
  return [handed, dismiss];
}
