import "./detail.css";

/** Buttons for the ways one view can show its content (Markdown or Raw, Steps or JSON); one is pressed. */
export function ModeToggle<M extends string>(props: {
  /** What the modes are of ("Result format"). */
  label: string;
  /** Each mode and its button's text, in order. */
  modes: readonly (readonly [M, string])[];
  selected: M;
  onSelect: (mode: M) => void;
}) {
  const { label, modes, selected, onSelect } = props;
  return (
    <fieldset className="detail-modes" aria-label={label}>
      {modes.map(([mode, text]) => (
        <button
          key={mode}
          type="button"
          className="detail-mode"
          aria-pressed={selected === mode}
          onClick={() => onSelect(mode)}
        >
          {text}
        </button>
      ))}
    </fieldset>
  );
}
