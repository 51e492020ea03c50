import type { DetailView } from "../../../../../runFlow/detailView.ts";
import type { TabItem } from "../../../../../ui/Tabs.tsx";

/**
 * Result comes first for every call, where the detail opens: what the call did, then (for a code
 * task) its change and its log, then what it was asked, then the record.
 */
const CODE_TASK_TABS: TabItem<DetailView>[] = [
  { key: "result", label: "Result" },
  { key: "diff", label: "Diff" },
  { key: "log", label: "Log" },
  { key: "arguments", label: "Arguments" },
  { key: "metadata", label: "Metadata" },
];
const TOOL_TABS: TabItem<DetailView>[] = [
  { key: "result", label: "Result" },
  { key: "arguments", label: "Arguments" },
  { key: "metadata", label: "Metadata" },
];

export function detailTabs(toolName: string): TabItem<DetailView>[] {
  return toolName === "code_task" ? CODE_TASK_TABS : TOOL_TABS;
}

/** The view shown: the URL's when the call has it; else Result ("A running task opens on Result"). */
export function shownDetailView(toolName: string, view: DetailView | null): DetailView {
  if (view !== null && detailTabs(toolName).some((tab) => tab.key === view)) return view;
  return "result";
}
