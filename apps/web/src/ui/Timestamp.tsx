import { formatDateTime, formatRelativeTime } from "./formatTime.ts";

/** A moment shown relative ("5 min ago"), exact on hover and to assistive tech through dateTime. */
export function Timestamp({ iso, prefix }: { iso: string; prefix?: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)} className="timestamp">
      {prefix !== undefined && `${prefix} `}
      {formatRelativeTime(iso)}
    </time>
  );
}
