import { memo } from "react";
import { defaultStyles, JsonView } from "react-json-view-lite";
import "react-json-view-lite/dist/index.css";
import "./detail.css";

/** The library's layout classes, with the app's colours on top (detail.css), readable light and dark. */
const TREE_STYLES = {
  ...defaultStyles,
  container: `${defaultStyles.container} json-tree`,
  label: `${defaultStyles.label} json-tree-label`,
  clickableLabel: `${defaultStyles.clickableLabel} json-tree-label`,
  punctuation: `${defaultStyles.punctuation} json-tree-punctuation`,
  stringValue: `${defaultStyles.stringValue} json-tree-string`,
  numberValue: `${defaultStyles.numberValue} json-tree-number`,
  booleanValue: `${defaultStyles.booleanValue} json-tree-boolean`,
  nullValue: `${defaultStyles.nullValue} json-tree-null`,
  undefinedValue: `${defaultStyles.undefinedValue} json-tree-null`,
  otherValue: `${defaultStyles.otherValue} json-tree-other`,
  expandIcon: `${defaultStyles.expandIcon} json-tree-icon`,
  collapseIcon: `${defaultStyles.collapseIcon} json-tree-icon`,
  collapsedContent: `${defaultStyles.collapsedContent} json-tree-icon`,
};

const expandAll = () => true;

/** A JSON value as a tree (react-json-view-lite); `expandLevels` levels open, or all of them. Memoised, as MarkdownText. */
export const JsonTree = memo(function JsonTree({
  data,
  label,
  expandLevels,
}: {
  data: object;
  label: string;
  expandLevels?: number;
}) {
  return (
    <JsonView
      data={data}
      style={TREE_STYLES}
      aria-label={label}
      shouldExpandNode={expandLevels === undefined ? expandAll : (level) => level < expandLevels}
    />
  );
});
