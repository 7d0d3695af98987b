import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { ArrowDown, ArrowUp, ChevronDown, GripVertical } from "~/components/ui/icons";
import { useCallback, useState } from "react";
import { Link, useFetcher } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { useReloadForms } from "~/components/ui/stale-row-notice";
import { Switch } from "~/components/ui/switch";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { SectionContentEditor } from "~/features/content/components/section-content-editor";
import { pageLabels, type AdminSection } from "~/features/content/sections-admin.schema";
import { sectionName } from "~/features/content/section-fields";
import { UnsavedChangesGuard } from "~/components/ui/unsaved-changes";

export function SectionsPage({ loaderData }: { loaderData: { pages: string[]; page: string; sections: AdminSection[] } }) {
  const { pages, page, sections } = loaderData;
  const reorder = useFetcher<ActionFeedbackResult>({ key: "sections-reorder" });
  const { generation, reload, reloading } = useReloadForms();
  const [open, setOpen] = useState<number | null>(null);
  // Editors opened once stay mounted (hidden when closed), so closing one keeps what was typed.
  const [opened, setOpened] = useState<number[]>([]);
  const [dirty, setDirty] = useState<number[]>([]);
  const onDirtyChange = useCallback(
    (id: number, isDirty: boolean) =>
      setDirty((current) =>
        isDirty === current.includes(id)
          ? current
          : isDirty
            ? [...current, id]
            : current.filter((d) => d !== id),
      ),
    [],
  );
  const serverOrder = sections.map((s) => s.id);
  const serverKey = serverOrder.join(",");
  // The order shown: the one just chosen (until the server's answer arrives), else the server's.
  const [local, setLocal] = useState<{ base: string; ids: number[] } | null>(null);
  const failed = reorder.state === "idle" && reorder.data?.ok === false;
  const order = !failed && local && local.base === serverKey ? local.ids : serverOrder;

  useActionFeedback(reorder.data, {
    success: { reorder: { title: "Đã cập nhật" } },
    errorTitle: () => "Không thể cập nhật thứ tự",
    pending: reorder.state !== "idle",
    toastId: "sections-reorder",
  });

  const byId = new Map(sections.map((s) => [s.id, s]));
  const ordered = order.map((id) => byId.get(id)).filter((s): s is AdminSection => s !== undefined);

  const commit = (next: number[]) => {
    setLocal({ base: serverKey, ids: next });
    void reorder.submit({ intent: "reorder", page, ids: next.join(",") }, { method: "post" });
  };
  const move = (id: number, delta: -1 | 1) => {
    const from = order.indexOf(id);
    const to = from + delta;
    if (from < 0 || to < 0 || to >= order.length) return;
    commit(arrayMove(order, from, to));
  };

  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    commit(arrayMove(order, order.indexOf(Number(active.id)), order.indexOf(Number(over.id))));
  };

  return (
    <>
      <UnsavedChangesGuard dirty={dirty.length > 0} />
      <AdminPageHeader
        title="Sections"
        description="Bật hoặc tắt, sắp xếp và sửa nội dung các khối trên từng trang. Thay đổi hiển thị ngay trên cửa hàng."
      />
      <nav aria-label="Chọn trang" className="mb-5 flex flex-wrap gap-2">
        {pages.map((p) => (
          <Link
            key={p}
            to={`?page=${encodeURIComponent(p)}`}
            aria-current={p === page ? "page" : undefined}
            className={cn(
              "inline-flex min-h-10 items-center rounded-full border px-4 text-sm font-medium",
              p === page
                ? "border-brand-charcoal bg-brand-charcoal text-white"
                : "border-brand-charcoal/15 bg-white text-brand-charcoal hover:bg-brand-white",
            )}
          >
            {pageLabels[p] ?? p}
          </Link>
        ))}
      </nav>

      {ordered.length === 0 ? (
        <p className="rounded-xl border border-brand-charcoal/10 bg-white p-6 text-brand-cool-gray">
          Trang này chưa có section nào.
        </p>
      ) : (
        <>
          <p id="sections-reorder-help" className="mb-3 text-sm text-brand-cool-gray">
            Kéo biểu tượng ⠿ để sắp xếp, hoặc dùng các nút mũi tên. Với bàn phím: Tab đến biểu tượng kéo, nhấn Space,
            dùng phím mũi tên rồi nhấn Space để thả.
          </p>
          <DndContext
            sensors={sensors}
            collisionDetection={closestCenter}
            onDragEnd={onDragEnd}
            accessibility={{
              screenReaderInstructions: {
                draggable:
                  "Nhấn Space để nhấc section lên, dùng phím mũi tên để di chuyển, nhấn Space để thả hoặc Escape để hủy.",
              },
              announcements: {
                onDragStart: ({ active }) => `Đã nhấc ${labelOf(byId, active.id)}.`,
                onDragOver: ({ active, over }) =>
                  over ? `${labelOf(byId, active.id)} ở vị trí của ${labelOf(byId, over.id)}.` : undefined,
                onDragEnd: ({ active, over }) =>
                  over ? `Đã thả ${labelOf(byId, active.id)}.` : `Đã thả ${labelOf(byId, active.id)}.`,
                onDragCancel: ({ active }) => `Đã hủy di chuyển ${labelOf(byId, active.id)}.`,
              },
            }}
          >
            <SortableContext items={order} strategy={verticalListSortingStrategy}>
              <ol className="flex flex-col gap-3" aria-label={`Sections của trang ${pageLabels[page] ?? page}`}>
                {ordered.map((section, index) => (
                  <SortableSection
                    key={section.id}
                    section={section}
                    index={index}
                    count={ordered.length}
                    expanded={open === section.id}
                    mounted={opened.includes(section.id)}
                    dirty={dirty.includes(section.id)}
                    onDirtyChange={onDirtyChange}
                    onToggleExpanded={() => {
                      setOpened((current) => (current.includes(section.id) ? current : [...current, section.id]));
                      setOpen((current) => (current === section.id ? null : section.id));
                    }}
                    onMove={(delta) => move(section.id, delta)}
                    generation={generation}
                    reload={{ run: () => void reload(), busy: reloading }}
                  />
                ))}
              </ol>
            </SortableContext>
          </DndContext>
        </>
      )}
    </>
  );
}

function labelOf(byId: Map<number, AdminSection>, id: string | number): string {
  const section = byId.get(Number(id));
  return section ? sectionName(section.sectionKey) : String(id);
}

function SortableSection({
  section,
  index,
  count,
  expanded,
  mounted,
  dirty,
  onDirtyChange,
  onToggleExpanded,
  onMove,
  generation,
  reload,
}: {
  section: AdminSection;
  index: number;
  count: number;
  expanded: boolean;
  mounted: boolean;
  dirty: boolean;
  onDirtyChange: (id: number, dirty: boolean) => void;
  onToggleExpanded: () => void;
  onMove: (delta: -1 | 1) => void;
  generation: number;
  reload: { run: () => void; busy: boolean };
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: section.id,
  });
  const label = sectionName(section.sectionKey);
  const toggle = useFetcher<ActionFeedbackResult>({ key: `section-toggle-${section.id}` });
  const pending = toggle.formData?.get("isActive");
  const active = pending !== undefined && pending !== null ? pending === "true" : section.isActive;

  useActionFeedback(toggle.data, {
    success: { toggle: { title: "Đã cập nhật" } },
    errorTitle: () => "Không thể cập nhật section",
    pending: toggle.state !== "idle",
    toastId: `section-toggle-${section.id}`,
  });

  const panelId = `section-panel-${section.id}`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cn(
        "rounded-xl border border-brand-charcoal/10 bg-white shadow-xs",
        isDragging && "relative z-10 shadow-lg ring-2 ring-brand-teal-strong",
      )}
      data-section-key={section.sectionKey}
    >
      <div className="flex flex-wrap items-center gap-2 p-3 sm:gap-3 sm:p-4">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-describedby="sections-reorder-help"
          aria-label={`Kéo để sắp xếp ${label}`}
          className="inline-flex size-10 cursor-grab touch-none items-center justify-center rounded-lg text-brand-cool-gray hover:bg-brand-white active:cursor-grabbing"
        >
          <GripVertical className="size-5" aria-hidden="true" />
        </button>
        <span
          className="inline-flex size-7 items-center justify-center rounded-full bg-brand-white text-xs font-bold"
          aria-hidden="true"
        >
          {index + 1}
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate font-bold">{label}</p>
        </div>
        {dirty && (
          // On a phone the save bar says it; the row keeps its name readable.
          <span className="hidden sm:inline">
            <Badge variant="warning">Chưa lưu</Badge>
          </span>
        )}
        {!active && <Badge variant="neutral">Đang ẩn</Badge>}
        <div className="flex items-center gap-1">
          <Button
            variant="ghost"
            size="icon"
            onClick={() => onMove(-1)}
            disabled={index === 0}
            aria-label={`Chuyển ${label} lên`}
          >
            <ArrowUp aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            onClick={() => onMove(1)}
            disabled={index === count - 1}
            aria-label={`Chuyển ${label} xuống`}
          >
            <ArrowDown aria-hidden="true" />
          </Button>
        </div>
        <label className="flex items-center gap-2 text-sm">
          <Switch
            checked={active}
            aria-label={`Hiển thị ${label}`}
            onCheckedChange={(checked) =>
              void toggle.submit(
                { intent: "toggle", sectionId: String(section.id), isActive: String(checked) },
                { method: "post" },
              )
            }
          />
          <span className="hidden sm:inline">{active ? "Hiển thị" : "Ẩn"}</span>
        </label>
        <Button variant="outline" size="sm" onClick={onToggleExpanded} aria-expanded={expanded} aria-controls={panelId}>
          Sửa nội dung
          <ChevronDown className={cn("size-4 transition-transform", expanded && "rotate-180")} aria-hidden="true" />
        </Button>
      </div>
      {(expanded || mounted) && (
        <div id={panelId} hidden={!expanded} className="border-t border-brand-charcoal/10 p-4 sm:p-5">
          <SectionContentEditor
            key={`${generation}\u0000${section.content.map((c) => c.contentValue).join("\u0000")}`}
            section={section}
            label={label}
            generation={generation}
            reload={reload}
            onDirtyChange={(isDirty) => onDirtyChange(section.id, isDirty)}
          />
        </div>
      )}
    </li>
  );
}
