import { Plus, Trash2 } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { StickySaveBar, UnsavedChangesGuard, useFormDirty } from "~/components/ui/unsaved-changes";
import { Link, useFetcher, useNavigate } from "react-router";
import { toast } from "~/components/ui/toast";
import { Button } from "~/components/ui/button";
import { cn } from "~/components/ui/cn";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useActionFeedback } from "~/components/ui/use-action-feedback";
import { StaleRowNotice, staleRowErrorOf, useFormRowVersion, useReloadForms } from "~/components/ui/stale-row-notice";
import { Input, Textarea } from "~/components/ui/input";
import { FormField } from "~/components/ui/label";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { ImagePreview } from "~/components/ui/image-preview";
import {
  META_DESCRIPTION_MAX,
  META_TITLE_MAX,
  parseStructuredData,
  structuredDataPresets,
  type StructuredDataPreset,
} from "~/features/seo/seo.schema";
import type { listPageSeo } from "../seo-admin.server";
import type { ActionFeedbackResult } from "~/components/ui/use-action-feedback";

type PageRow = Omit<Awaited<ReturnType<typeof listPageSeo>>[number], "createdAt" | "updatedAt"> & {
  createdAt: string;
  updatedAt: string;
};

export interface SeoPageData {
  pages: PageRow[] | null;
  selectedId: number | null;
  isNew: boolean;
  storeName: string;
  origin: string;
}

export function SeoPage({ loaderData }: { loaderData: SeoPageData }) {
  const { pages, selectedId, isNew, storeName, origin } = loaderData;
  const selected = isNew ? null : (pages?.find((p) => p.id === selectedId) ?? pages?.[0] ?? null);
  const { generation, reload, reloading } = useReloadForms();

  useEffect(() => {
    if (pages === null) toast.error("Không thể tải danh sách trang", { id: "seo-load" });
  }, [pages]);

  return (
    <>
      <AdminPageHeader
        title="SEO"
        description="Tiêu đề, mô tả, ảnh chia sẻ và dữ liệu có cấu trúc hiển thị trong thẻ head của từng trang."
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[16rem_1fr]">
        <aside aria-label="Danh sách trang" className="flex flex-col gap-3">
          <Button asChild variant="teal">
            <Link to="?new=1">
              <Plus aria-hidden="true" /> Trang mới
            </Link>
          </Button>
          {pages === null ? (
            <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              Không thể tải danh sách trang
            </p>
          ) : pages.length === 0 ? (
            <p className="text-sm text-brand-cool-gray">Chưa có trang nào. Bấm “Trang mới” để thêm.</p>
          ) : (
            <ul className="flex flex-col gap-1 rounded-xl border border-brand-charcoal/10 bg-white p-2 shadow-xs">
              {pages.map((p) => (
                <li key={p.id}>
                  <Link
                    to={`?id=${p.id}`}
                    aria-current={selected?.id === p.id ? "page" : undefined}
                    className={cn(
                      "flex min-h-11 flex-col justify-center rounded-lg px-3 py-1.5 text-sm hover:bg-brand-white",
                      selected?.id === p.id && "bg-brand-white ring-1 ring-brand-teal-strong/40",
                    )}
                  >
                    <span className="font-mono font-medium">{p.pagePath}</span>
                    <span className="truncate text-xs text-brand-cool-gray">{p.metaTitle ?? "Chưa có tiêu đề"}</span>
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </aside>
        <SeoEditor
          key={`${selected?.id ?? "new"}-${generation}`}
          page={selected}
          storeName={storeName}
          origin={origin}
          generation={generation}
          reload={{ run: () => void reload(), busy: reloading }}
        />
      </div>
    </>
  );
}

function SeoEditor({
  page,
  storeName,
  origin,
  generation,
  reload,
}: {
  page: PageRow | null;
  storeName: string;
  origin: string;
  /** Raised by "Tải lại": the editor mounts again with the newest entry. */
  generation: number;
  reload: { run: () => void; busy: boolean };
}) {
  const fetcher = useFetcher<ActionFeedbackResult<{ id: number; version: number }>>({
    key: `seo-${page?.id ?? "new"}-${generation}`,
  });
  const version = useFormRowVersion(page?.version, fetcher.data);
  const remover = useFetcher<ActionFeedbackResult>({ key: "seo-delete" });
  const navigate = useNavigate();
  const [title, setTitle] = useState(page?.metaTitle ?? "");
  const [description, setDescription] = useState(page?.metaDescription ?? "");
  const [ogImage, setOgImage] = useState(page?.ogImage ?? "");
  const [jsonLd, setJsonLd] = useState(page?.structuredData ? JSON.stringify(page.structuredData, null, 2) : "");
  const [tab, setTab] = useState("basic");
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";
  const result = fetcher.data;
  const errors = result && !result.ok ? (result.fieldErrors ?? {}) : {};
  const stale = staleRowErrorOf(result);
  const json = parseStructuredData(jsonLd);
  const form = useRef<HTMLFormElement>(null);
  // A successful save is the new starting point (a new entry then opens under its id).
  const dirty = useFormDirty(form, result?.ok ? result : version);

  useActionFeedback(result, {
    success: { save: { title: "Đã lưu", description: "SEO metadata đã được cập nhật" } },
    errorText: (failed) => ({ title: failed.error || "Không thể lưu thay đổi" }),
    pending: busy,
    toastId: "seo-save",
    onSuccess: (saved) => {
      if (!page && saved.result?.id) void navigate(`?id=${saved.result.id}`, { replace: true });
    },
  });
  useActionFeedback(remover.data, {
    success: { delete: { title: "Đã xóa", description: "Đã xóa cấu hình SEO của trang" } },
    pending: remover.state !== "idle",
    toastId: "seo-delete",
    // The entry is gone: the editor of the next page replaces this one (and its dialog).
    onSuccess: () => void navigate("/admin/seo", { replace: true }),
  });

  const presets = structuredDataPresets(storeName, origin);
  const presetLabels: Record<StructuredDataPreset, string> = {
    organization: "Organization",
    website: "WebSite",
    product: "Product",
  };

  return (
    <section
      aria-labelledby="seo-editor-title"
      className="min-w-0 rounded-xl border border-brand-charcoal/10 bg-white p-5 shadow-xs sm:p-6"
    >
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h2 id="seo-editor-title" className="text-lg font-bold">
          {page ? (
            <>
              SEO cho <span className="font-mono">{page.pagePath}</span>
            </>
          ) : (
            "Trang mới"
          )}
        </h2>
        {page && (
          <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
            <Trash2 className="size-4" aria-hidden="true" /> Xóa
          </Button>
        )}
      </div>
      <fetcher.Form ref={form} method="post" noValidate>
        <UnsavedChangesGuard dirty={dirty} />
        <input type="hidden" name="intent" value="save" />
        {page && <input type="hidden" name="id" value={page.id} />}
        {page && <input type="hidden" name="version" value={version} />}
        <Tabs value={tab} onValueChange={setTab}>
          <TabsList aria-label="Nhóm thông tin SEO">
            <TabsTrigger value="basic">
              Cơ bản
              <ErrorMark
                show={["pagePath", "metaTitle", "metaDescription", "keywords", "canonicalUrl"].some((f) => errors[f])}
              />
            </TabsTrigger>
            <TabsTrigger value="social">
              Mạng xã hội
              <ErrorMark show={Boolean(errors.ogImage)} />
            </TabsTrigger>
            <TabsTrigger value="structured">
              Dữ liệu có cấu trúc
              <ErrorMark show={Boolean(errors.structuredData)} />
            </TabsTrigger>
          </TabsList>
          <TabsContent value="basic" keepMounted className="flex flex-col gap-5">
            <FormField
              id="seo-path"
              label="Đường dẫn trang"
              required
              error={errors.pagePath}
              hint="Ví dụ: / , /about, /shop"
            >
              {(control) => (
                <Input
                  {...control}
                  name="pagePath"
                  defaultValue={page?.pagePath ?? ""}
                  placeholder="/about"
                  className="font-mono"
                />
              )}
            </FormField>
            <FormField
              id="seo-title"
              label="Meta title"
              error={errors.metaTitle}
              hint={<Counter length={title.length} max={META_TITLE_MAX} />}
            >
              {(control) => (
                <Input {...control} name="metaTitle" value={title} onChange={(e) => setTitle(e.currentTarget.value)} />
              )}
            </FormField>
            <FormField
              id="seo-description"
              label="Meta description"
              error={errors.metaDescription}
              hint={<Counter length={description.length} max={META_DESCRIPTION_MAX} />}
            >
              {(control) => (
                <Textarea
                  {...control}
                  name="metaDescription"
                  value={description}
                  onChange={(e) => setDescription(e.currentTarget.value)}
                  rows={3}
                />
              )}
            </FormField>
            <FormField id="seo-keywords" label="Từ khóa" error={errors.keywords} hint="Phân cách bằng dấu phẩy">
              {(control) => <Input {...control} name="keywords" defaultValue={page?.keywords.join(", ") ?? ""} />}
            </FormField>
            <FormField
              id="seo-canonical"
              label="Canonical URL"
              error={errors.canonicalUrl}
              hint="Để trống để dùng địa chỉ của trang"
            >
              {(control) => (
                <Input
                  {...control}
                  name="canonicalUrl"
                  type="url"
                  defaultValue={page?.canonicalUrl ?? ""}
                  placeholder={`${origin}/about`}
                />
              )}
            </FormField>
          </TabsContent>
          <TabsContent value="social" keepMounted className="flex flex-col gap-5">
            <FormField
              id="seo-og-image"
              label="Ảnh Open Graph"
              error={errors.ogImage}
              hint="Đường dẫn /images/… hoặc URL https:// (khuyến nghị 1200 × 630)"
            >
              {(control) => (
                <Input
                  {...control}
                  name="ogImage"
                  value={ogImage}
                  onChange={(e) => setOgImage(e.currentTarget.value)}
                />
              )}
            </FormField>
            <ImagePreview src={ogImage} alt="Xem trước ảnh Open Graph" className="max-w-md" />
          </TabsContent>
          <TabsContent value="structured" keepMounted className="flex flex-col gap-3">
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-sm font-medium">Mẫu có sẵn:</span>
              {(Object.keys(presets) as StructuredDataPreset[]).map((key) => (
                <Button
                  key={key}
                  variant="outline"
                  size="sm"
                  onClick={() => setJsonLd(JSON.stringify(presets[key], null, 2))}
                >
                  {presetLabels[key]}
                </Button>
              ))}
            </div>
            <FormField
              id="seo-jsonld"
              label="JSON-LD"
              error={errors.structuredData}
              hint={
                jsonLd.trim() === ""
                  ? "Để trống: không có dữ liệu có cấu trúc"
                  : json.ok
                    ? "JSON hợp lệ"
                    : `JSON không hợp lệ: ${json.error}`
              }
            >
              {(control) => (
                <Textarea
                  {...control}
                  name="structuredData"
                  value={jsonLd}
                  onChange={(e) => setJsonLd(e.currentTarget.value)}
                  rows={14}
                  spellCheck={false}
                  code
                />
              )}
            </FormField>
          </TabsContent>
        </Tabs>
        {stale && (
          <div className="mt-5">
            <StaleRowNotice message={stale} onReload={reload.run} reloading={reload.busy} />
          </div>
        )}
        <StickySaveBar dirty={dirty} className="mt-6">
          <Button type="submit" disabled={busy}>
            {busy ? "Đang lưu..." : "Lưu"}
          </Button>
        </StickySaveBar>
      </fetcher.Form>
      {page && (
        <ConfirmDialog
          open={confirming}
          onOpenChange={setConfirming}
          title="Xóa cấu hình SEO?"
          description={`Bạn có chắc muốn xóa SEO của trang ${page.pagePath}? Trang sẽ dùng tiêu đề và mô tả mặc định.`}
          busy={remover.state !== "idle"}
          onConfirm={() => void remover.submit({ intent: "delete", id: String(page.id) }, { method: "post" })}
        />
      )}
    </section>
  );
}

/** A red dot on a tab whose fields have errors. */
function ErrorMark({ show }: { show: boolean }) {
  if (!show) return null;
  return (
    <>
      <span className="size-2 rounded-full bg-red-600" aria-hidden="true" />
      <span className="sr-only">(có lỗi)</span>
    </>
  );
}

function Counter({ length, max }: { length: number; max: number }) {
  return (
    <span className={length > max ? "font-medium text-red-700" : undefined}>
      {length}/{max} ký tự
    </span>
  );
}
