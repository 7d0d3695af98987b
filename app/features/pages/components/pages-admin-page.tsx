import { ExternalLink, Plus, Trash2 } from "~/components/ui/icons";
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { Link, useFetcher, useSearchParams } from "react-router";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { BackLink } from "~/components/ui/back-link";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { Input, Select, Textarea } from "~/components/ui/input";
import { FormField } from "~/components/ui/label";
import { StaleRowNotice, staleRowErrorOf, useFormRowVersion, useReloadForms } from "~/components/ui/stale-row-notice";
import { Table, TableBody, TableCell, TableEmpty, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { toast } from "~/components/ui/toast";
import { UnsavedChangesGuard, useFormDirty } from "~/components/ui/unsaved-changes";
import { useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { formatDateTimeVi, toVietnamDateTimeInput } from "~/lib/dates";
import { fieldErrorsOf, formValues } from "~/lib/form-fields";
import { slugify } from "~/lib/text";
import {
  pageInputSchema,
  pageKindLabels,
  pageKinds,
  pagePath,
  pageStateLabel,
  type AdminPage,
  type PageKind,
} from "../pages.schema";
import { MarkdownEditor } from "./markdown-editor";

type LoaderData =
  | { view: "list"; kind: PageKind; pages: AdminPage[]; now: number }
  | { view: "editor"; kind: PageKind; page: AdminPage | null };

/** "Chính sách & Blog": the list of a kind, or one page's editor. */
export function PagesAdminPage({ loaderData }: { loaderData: LoaderData }) {
  return loaderData.view === "list" ? (
    <PagesList kind={loaderData.kind} pages={loaderData.pages} now={loaderData.now} />
  ) : (
    <PageEditor kind={loaderData.kind} page={loaderData.page} />
  );
}

const newLabels: Record<PageKind, string> = { policy: "Thêm chính sách", post: "Viết bài mới" };

function stateBadge(page: AdminPage, now: number) {
  const label = pageStateLabel(page, new Date(now));
  return <Badge variant={label === "Đã đăng" ? "success" : label === "Đã lên lịch" ? "info" : "neutral"}>{label}</Badge>;
}

function PagesList({ kind, pages, now }: { kind: PageKind; pages: AdminPage[]; now: number }) {
  return (
    <section aria-labelledby="admin-page-title">
      <AdminPageHeader
        title="Chính sách & Blog"
        description="Chính sách hiện ở chân trang và trang thanh toán; bài viết ở /blog. Nội dung viết bằng Markdown, có xem trước."
      >
        <Button asChild>
          <Link to={`/admin/pages?id=new&kind=${kind}`}>
            <Plus className="size-4" aria-hidden="true" />
            {newLabels[kind]}
          </Link>
        </Button>
      </AdminPageHeader>
      <nav aria-label="Loại trang" className="mb-4 flex gap-1 rounded-xl border border-brand-charcoal/10 bg-white p-1 shadow-xs">
        {pageKinds.map((k) => (
          <Link
            key={k}
            to={`/admin/pages?kind=${k}`}
            aria-current={k === kind ? "page" : undefined}
            className={
              k === kind
                ? "inline-flex min-h-10 items-center rounded-lg bg-brand-charcoal px-3 text-sm font-medium text-white"
                : "inline-flex min-h-10 items-center rounded-lg px-3 text-sm font-medium text-brand-charcoal hover:bg-brand-white"
            }
          >
            {k === "policy" ? "Chính sách" : "Bài viết blog"}
          </Link>
        ))}
      </nav>
      <Table label={kind === "policy" ? "Danh sách chính sách" : "Danh sách bài viết"}>
        <TableHeader>
          <TableRow>
            <TableHead>Tiêu đề</TableHead>
            <TableHead className="hidden md:table-cell">Đường dẫn</TableHead>
            <TableHead>Trạng thái</TableHead>
            <TableHead className="hidden lg:table-cell">{kind === "policy" ? "Cập nhật" : "Ngày đăng"}</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {pages.length === 0 && (
            <TableEmpty colSpan={4}>{kind === "policy" ? "Chưa có chính sách nào" : "Chưa có bài viết nào"}</TableEmpty>
          )}
          {pages.map((page) => (
            <TableRow key={page.id}>
              <TableCell>
                <Link to={`/admin/pages?id=${page.id}`} className="font-medium text-brand-teal-strong hover:underline">
                  {page.title}
                </Link>
                {page.titleEn && <p className="text-xs text-brand-cool-gray">{page.titleEn}</p>}
              </TableCell>
              <TableCell className="hidden font-mono text-xs md:table-cell">{pagePath(page.kind, page.slug)}</TableCell>
              <TableCell>{stateBadge(page, now)}</TableCell>
              <TableCell className="hidden text-sm whitespace-nowrap lg:table-cell">
                {kind === "post" && page.publishedAt ? formatDateTimeVi(page.publishedAt) : formatDateTimeVi(page.updatedAt)}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

function Card({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-4 rounded-xl border border-brand-charcoal/10 bg-white p-4 shadow-xs sm:p-5">
      <div>
        <h2 className="font-bold">{title}</h2>
        {description && <p className="text-sm text-brand-cool-gray">{description}</p>}
      </div>
      {children}
    </section>
  );
}

function PageEditor({ kind, page }: { kind: PageKind; page: AdminPage | null }) {
  const { generation, reload, reloading } = useReloadForms();
  const [params, setParams] = useSearchParams();
  // A page just created arrives here with ?saved=1 (the create answers with a redirect).
  useEffect(() => {
    if (params.get("saved") !== "1") return;
    toast.success("Thành công", { description: kind === "policy" ? "Đã tạo chính sách" : "Đã tạo bài viết" });
    const next = new URLSearchParams(params);
    next.delete("saved");
    setParams(next, { replace: true, preventScrollReset: true });
  }, [params, setParams, kind]);
  return (
    <PageForm
      key={`${page?.id ?? "new"}:${page?.version ?? 0}:${generation}`}
      kind={kind}
      page={page}
      reload={reload}
      reloading={reloading}
    />
  );
}

function PageForm({
  kind,
  page,
  reload,
  reloading,
}: {
  kind: PageKind;
  page: AdminPage | null;
  reload: () => void;
  reloading: boolean;
}) {
  const fetcher = useFetcher<ActionFeedbackResult>();
  const remover = useFetcher<ActionFeedbackResult>();
  const [deleting, setDeleting] = useState(false);
  const [clientErrors, setClientErrors] = useState<Record<string, string>>({});
  const [slug, setSlug] = useState(page?.slug ?? "");
  const [slugTouched, setSlugTouched] = useState(page !== null);
  const intent = page ? "update" : "create";
  const version = useFormRowVersion(page?.version, fetcher.data);
  useActionFeedback(fetcher.data, {
    success: { update: { title: "Thành công", description: "Đã lưu thay đổi" } },
    errorTitle: () => "Không thể lưu",
  });
  useActionFeedback(remover.data, { errorTitle: () => "Không thể xóa" });
  const failure = fetcher.data && !fetcher.data.ok ? fetcher.data : null;
  const errors: Record<string, string | undefined> = { ...(failure?.fieldErrors ?? {}), ...clientErrors };
  const stale = staleRowErrorOf(fetcher.data);
  const busy = fetcher.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  const dirty = useFormDirty(formRef, version);
  const isPost = kind === "post";
  const what = isPost ? "bài viết" : "chính sách";

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    const parsed = pageInputSchema.safeParse(formValues(new FormData(event.currentTarget)));
    if (!parsed.success) {
      event.preventDefault();
      const found = fieldErrorsOf(parsed.error);
      setClientErrors(found);
      event.currentTarget.querySelector<HTMLElement>(`[name="${Object.keys(found)[0]}"]`)?.focus();
      return;
    }
    setClientErrors({});
  }

  return (
    <section aria-labelledby="admin-page-title">
      <BackLink to={`/admin/pages?kind=${kind}`}>{isPost ? "Danh sách bài viết" : "Danh sách chính sách"}</BackLink>
      <AdminPageHeader
        title={page ? `Sửa ${what}` : isPost ? "Viết bài mới" : "Thêm chính sách"}
        description={page ? `${pageStateLabel(page)} · cập nhật ${formatDateTimeVi(page.updatedAt)}` : pageKindLabels[kind]}
      >
        {page && (
          <div className="flex flex-wrap gap-2">
            {page.status === "published" && (
              <Button asChild variant="ghost" size="sm">
                <a href={pagePath(page.kind, page.slug)} target="_blank" rel="noreferrer">
                  <ExternalLink className="size-4" aria-hidden="true" />
                  Xem trên cửa hàng
                </a>
              </Button>
            )}
            <Button variant="danger" size="sm" onClick={() => setDeleting(true)}>
              <Trash2 className="size-4" aria-hidden="true" />
              Xóa {what}
            </Button>
          </div>
        )}
      </AdminPageHeader>
      <UnsavedChangesGuard dirty={dirty && !busy} />
      <fetcher.Form
        ref={formRef}
        method="post"
        onSubmit={onSubmit}
        noValidate
        className="flex flex-col gap-4"
        aria-label={`Nội dung ${what}`}
      >
        <input type="hidden" name="intent" value={intent} />
        <input type="hidden" name="kind" value={kind} />
        {page && <input type="hidden" name="id" value={page.id} />}
        {version !== undefined && <input type="hidden" name="version" value={version} />}
        {stale && <StaleRowNotice message={stale} onReload={reload} reloading={reloading} />}

        <Card title="Thông tin chung">
          <div className="grid gap-4 md:grid-cols-2">
            <FormField id="page-title" label="Tiêu đề" required error={errors.title}>
              {(f) => (
                <Input
                  {...f}
                  name="title"
                  defaultValue={page?.title ?? ""}
                  maxLength={200}
                  onChange={(event) => !slugTouched && setSlug(slugify(event.target.value))}
                />
              )}
            </FormField>
            <FormField
              id="page-slug"
              label="Đường dẫn"
              required
              error={errors.slug}
              hint={`Trang sẽ ở ${pagePath(kind, slug || "…")} (và /en${pagePath(kind, slug || "…")}).`}
            >
              {(f) => (
                <Input
                  {...f}
                  name="slug"
                  value={slug}
                  maxLength={100}
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(event) => {
                    setSlugTouched(true);
                    setSlug(event.target.value);
                  }}
                />
              )}
            </FormField>
            <FormField id="page-status" label="Trạng thái" error={errors.status}>
              {(f) => (
                <Select {...f} name="status" defaultValue={page?.status ?? "draft"}>
                  <option value="draft">Nháp (chưa hiện trên cửa hàng)</option>
                  <option value="published">Đăng</option>
                </Select>
              )}
            </FormField>
            <FormField
              id="page-published-at"
              label="Ngày đăng"
              error={errors.publishedAt}
              hint="Giờ Việt Nam. Để trống khi đăng: đăng ngay. Thời điểm trong tương lai: lên lịch, trang hiện khi đến giờ."
            >
              {(f) => (
                <Input {...f} name="publishedAt" type="datetime-local" defaultValue={toVietnamDateTimeInput(page?.publishedAt ?? null)} />
              )}
            </FormField>
            {isPost ? (
              <>
                <FormField id="page-author" label="Tác giả" error={errors.author}>
                  {(f) => <Input {...f} name="author" defaultValue={page?.author ?? ""} maxLength={100} />}
                </FormField>
                <FormField
                  id="page-cover"
                  label="Ảnh bìa"
                  error={errors.coverImage}
                  hint="Đường dẫn ảnh của cửa hàng, ví dụ /uploads/… hoặc /images/…"
                >
                  {(f) => <Input {...f} name="coverImage" defaultValue={page?.coverImage ?? ""} spellCheck={false} />}
                </FormField>
                <FormField id="page-tags" label="Thẻ" error={errors.tags} hint="Cách nhau bằng dấu phẩy. Chỉ hiện trên trang tiếng Việt.">
                  {(f) => <Input {...f} name="tags" defaultValue={page?.tags.join(", ") ?? ""} />}
                </FormField>
                <FormField
                  id="page-related"
                  label="Sản phẩm liên quan"
                  error={errors.relatedProductIds ?? Object.entries(errors).find(([k]) => k.startsWith("relatedProductIds."))?.[1]}
                  hint="Mã (ID) sản phẩm, cách nhau bằng dấu phẩy."
                >
                  {(f) => (
                    <Input {...f} name="relatedProductIds" defaultValue={page?.relatedProductIds.join(", ") ?? ""} inputMode="numeric" />
                  )}
                </FormField>
                <input type="hidden" name="sortOrder" value={page?.sortOrder ?? 0} />
              </>
            ) : (
              <>
                <FormField id="page-sort" label="Thứ tự ở chân trang" error={errors.sortOrder} hint="Số nhỏ đứng trước.">
                  {(f) => <Input {...f} name="sortOrder" type="number" min={0} max={1000} defaultValue={page?.sortOrder ?? 0} />}
                </FormField>
                <input type="hidden" name="author" value={page?.author ?? ""} />
                <input type="hidden" name="coverImage" value={page?.coverImage ?? ""} />
                <input type="hidden" name="tags" value={page?.tags.join(", ") ?? ""} />
                <input type="hidden" name="relatedProductIds" value={page?.relatedProductIds.join(", ") ?? ""} />
              </>
            )}
          </div>
        </Card>

        <Card
          title="Tiếng Việt"
          description="Markdown: ## tiêu đề mục, **đậm**, *nghiêng*, - danh sách, [chữ](/duong-dan). Không dùng HTML. Chính sách có thể dùng {free_shipping_threshold}, {standard_fee}, {business_name}, {business_address}, {hotline}, {support_email}, {delivery_times} (danh sách thời gian giao theo vùng), {delivery_cutoff} (giờ chốt đơn): điền từ Cài đặt khi hiển thị."
        >
          <FormField id="page-excerpt" label="Tóm tắt" error={errors.excerpt} hint="Một hai câu, hiện ở danh sách và khi chia sẻ.">
            {(f) => <Textarea {...f} name="excerpt" defaultValue={page?.excerpt ?? ""} rows={2} maxLength={500} />}
          </FormField>
          <MarkdownEditor id="page-body" name="body" label="Nội dung" required defaultValue={page?.body ?? ""} error={errors.body} />
        </Card>

        <Card title="English" description="Trang /en dùng bản tiếng Anh; để trống ô nào thì ô đó hiện bản tiếng Việt.">
          <FormField id="page-title-en" label="Title" error={errors.titleEn}>
            {(f) => <Input {...f} name="titleEn" defaultValue={page?.titleEn ?? ""} maxLength={200} lang="en" />}
          </FormField>
          <FormField id="page-excerpt-en" label="Excerpt" error={errors.excerptEn}>
            {(f) => <Textarea {...f} name="excerptEn" defaultValue={page?.excerptEn ?? ""} rows={2} maxLength={500} lang="en" />}
          </FormField>
          <MarkdownEditor id="page-body-en" name="bodyEn" label="Body" defaultValue={page?.bodyEn ?? ""} error={errors.bodyEn} />
        </Card>

        <Card title="SEO" description="Để trống: dùng tiêu đề và tóm tắt.">
          <div className="grid gap-4 md:grid-cols-2">
            <FormField id="page-seo-title" label="Meta title" error={errors.seoTitle}>
              {(f) => <Input {...f} name="seoTitle" defaultValue={page?.seoTitle ?? ""} maxLength={200} />}
            </FormField>
            <FormField id="page-seo-title-en" label="Meta title (English)" error={errors.seoTitleEn}>
              {(f) => <Input {...f} name="seoTitleEn" defaultValue={page?.seoTitleEn ?? ""} maxLength={200} lang="en" />}
            </FormField>
            <FormField id="page-seo-description" label="Meta description" error={errors.seoDescription}>
              {(f) => <Textarea {...f} name="seoDescription" defaultValue={page?.seoDescription ?? ""} rows={3} maxLength={300} />}
            </FormField>
            <FormField id="page-seo-description-en" label="Meta description (English)" error={errors.seoDescriptionEn}>
              {(f) => (
                <Textarea {...f} name="seoDescriptionEn" defaultValue={page?.seoDescriptionEn ?? ""} rows={3} maxLength={300} lang="en" />
              )}
            </FormField>
          </div>
        </Card>

        <div className="flex justify-end">
          <Button type="submit" disabled={busy} aria-busy={busy}>
            {busy ? "Đang lưu..." : page ? "Lưu thay đổi" : isPost ? "Tạo bài viết" : "Tạo chính sách"}
          </Button>
        </div>
      </fetcher.Form>
      {page && (
        <ConfirmDialog
          open={deleting}
          onOpenChange={setDeleting}
          title={`Xóa ${what} “${page.title}”`}
          description={`${isPost ? "Bài viết" : "Chính sách"} sẽ biến mất khỏi cửa hàng (cả hai ngôn ngữ). Không thể hoàn tác.`}
          confirmLabel={`Xóa ${what}`}
          busyLabel="Đang xóa..."
          destructive
          busy={remover.state !== "idle"}
          onConfirm={() =>
            remover.submit(
              { intent: "delete", id: String(page.id), kind: page.kind, version: String(version ?? page.version) },
              { method: "post" },
            )
          }
        />
      )}
    </section>
  );
}
