import { Pencil, Trash2 } from "./icons";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "./button";

/** The buttons at the end of a console table row. */
export function RowActions({ children }: { children: ReactNode }) {
  return <div className="flex justify-end gap-1">{children}</div>;
}

/** A row's "Sửa …" icon: a link to the row's own page, or a button that opens its dialog. */
export function RowEditButton(props: { label: string } & ({ to: string } | { onClick: () => void })) {
  if ("to" in props) {
    return (
      <Button asChild variant="ghost" size="icon">
        <Link to={props.to} aria-label={props.label}>
          <Pencil aria-hidden="true" />
        </Link>
      </Button>
    );
  }
  return (
    <Button variant="ghost" size="icon" onClick={props.onClick} aria-label={props.label}>
      <Pencil aria-hidden="true" />
    </Button>
  );
}

/** A row's red "Xóa …" icon; it opens the confirmation. */
export function RowDeleteButton({ label, onClick }: { label: string; onClick: () => void }) {
  return (
    <Button variant="danger" size="icon" onClick={onClick} aria-label={label}>
      <Trash2 aria-hidden="true" />
    </Button>
  );
}
