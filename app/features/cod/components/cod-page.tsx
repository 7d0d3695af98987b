import { FileSpreadsheet, HandCoins, Plus, Trash2, Upload } from "~/components/ui/icons";
import { useId, useState } from "react";
import { Form, useActionData, useNavigation } from "react-router";
import { AdminPageHeader } from "~/components/ui/admin-page-header";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { FileInput } from "~/components/ui/file-picker";
import { Input, Select } from "~/components/ui/input";
import { FormField, Label } from "~/components/ui/label";
import { StatCard } from "~/components/ui/stat-card";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "~/components/ui/table";
import { fieldError, useActionFeedback, type ActionFeedbackResult } from "~/components/ui/use-action-feedback";
import { FormAlert } from "~/features/auth/components/form-alert";
import { formatVnd } from "~/lib/money";
import { knownCarrierNames, lineStatusLabels } from "../cod.schema";
import type { CodPageData, RemittanceResult } from "../remittances.server";

import { CarrierFees, Card, OrderLink, Outstanding, PastRemittances } from "./cod-tables";
import { OpenDifferences, statusVariant } from "./open-differences";

/*
 * "Đối soát COD": import a carrier's payout file or type one by hand, see what matched and the
 * differences to resolve, the COD money carriers still owe by age, and their fees per month.
 */

type CodActionResult = ActionFeedbackResult<RemittanceResult | { lineId: number; status: string }>;

/**
 * `canMarkPaid`: the owner lets this member's role mark orders paid by hand (a payout typed in,
 * accepting a different amount; decision 0046). Importing a carrier's file needs no such right.
 */
export function CodPage({ data, canMarkPaid }: { data: CodPageData; canMarkPaid: boolean }) {
  const result = useActionData() as CodActionResult | undefined;
  const imported =
    result?.ok && (result.intent === "import" || result.intent === "manual")
      ? (result.result as RemittanceResult)
      : null;
  const failed = result && !result.ok && (result.intent === "import" || result.intent === "manual") ? result : null;
  useActionFeedback(result, {
    success: (done) =>
      done.intent === "resolve"
        ? null
        : {
            title: done.intent === "import" ? "Đã nhập tệp đối soát" : "Đã ghi khoản chuyển tiền",
            description: summaryOf(done.result as RemittanceResult),
          },
    errorTitle: (intent) =>
      intent === "import" ? "Không nhập được tệp" : intent === "manual" ? "Không ghi được khoản chuyển tiền" : "Lỗi",
  });

  return (
    <>
      <AdminPageHeader
        title="Đối soát COD"
        description="Khớp tiền thu hộ hãng vận chuyển chuyển về với từng vận đơn: đơn khớp được ghi nhận đã thanh toán, chênh lệch được liệt kê để xử lý."
      />

      <section aria-label="Tiền thu hộ" className="mb-6 grid grid-cols-1 gap-3 sm:grid-cols-3">
        <StatCard
          label="COD chưa đối soát"
          value={formatVnd(data.outstanding.total.sum)}
          icon={HandCoins}
          hint={`${data.outstanding.total.count.toLocaleString("vi-VN")} đơn đã giao, chưa nhận tiền`}
        />
        <StatCard
          label="Chênh lệch cần xử lý"
          value={data.differences.length.toLocaleString("vi-VN")}
          icon={FileSpreadsheet}
          hint="Từ các lần đối soát"
        />
        <StatCard
          label="Quá 30 ngày"
          value={formatVnd(data.outstanding.buckets.d31.sum)}
          icon={HandCoins}
          hint={`${data.outstanding.buckets.d31.count.toLocaleString("vi-VN")} vận đơn cần nhắc hãng`}
        />
      </section>

      <div className="mb-6 grid grid-cols-1 gap-6 xl:grid-cols-2">
        <ImportForm failed={failed?.intent === "import" ? failed : null} />
        {canMarkPaid && <ManualPayoutForm today={data.today} failed={failed?.intent === "manual" ? failed : null} />}
      </div>

      {imported && <ImportResult result={imported} />}

      <OpenDifferences differences={data.differences} canMarkPaid={canMarkPaid} />
      <Outstanding outstanding={data.outstanding} />
      <CarrierFees fees={data.fees} />
      <PastRemittances remittances={data.remittances} />
    </>
  );
}

function summaryOf(result: RemittanceResult): string {
  return `Khớp ${result.matchedCount}/${result.lineCount} dòng (${formatVnd(result.matchedSum)}); ${result.differences.length} chênh lệch.`;
}

function CarrierField({ error }: { error?: string }) {
  const id = useId();
  const [chosen, setChosen] = useState<string>(knownCarrierNames[0]);
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <FormField id={`${id}-carrier`} label="Hãng vận chuyển" required className="sm:w-56">
        {(control) => (
          <Select {...control} name="carrierName" value={chosen} onChange={(e) => setChosen(e.target.value)}>
            {knownCarrierNames.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
            <option value="other">Khác…</option>
          </Select>
        )}
      </FormField>
      {chosen === "other" && (
        <FormField id={`${id}-other`} label="Tên hãng" required error={error} className="flex-1">
          {(control) => (
            <Input {...control} name="carrierOther" maxLength={60} placeholder="Ví dụ: Ninja Van" autoComplete="off" />
          )}
        </FormField>
      )}
    </div>
  );
}

function ImportForm({ failed }: { failed: Extract<CodActionResult, { ok: false }> | null }) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "import";
  const id = useId();
  return (
    <Card
      title="Nhập tệp đối soát"
      description="Tệp CSV hoặc Excel (.xlsx) tải từ trang GHN, GHTK…: cần cột mã vận đơn và tiền thu hộ; phí và ngày nếu có. Tối đa 5 MB."
    >
      <Form method="post" encType="multipart/form-data" className="flex flex-col gap-4" aria-label="Nhập tệp đối soát">
        <input type="hidden" name="intent" value="import" />
        <CarrierField error={failed?.fieldErrors?.carrierName} />
        <FormField id={`${id}-file`} label="Tệp đối soát" required error={fieldError(failed ?? undefined, "file")}>
          {(control) => (
            <FileInput
              {...control}
              name="file"
              accept=".csv,.txt,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            />
          )}
        </FormField>
        <FormAlert message={failed && !failed.fieldErrors?.file ? failed.error : null} />
        <div>
          <Button type="submit" disabled={busy}>
            <Upload className="size-4" aria-hidden="true" />
            {busy ? "Đang nhập…" : "Nhập và đối soát"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

interface Row {
  key: number;
}

function ManualPayoutForm({
  today,
  failed,
}: {
  today: string;
  failed: Extract<CodActionResult, { ok: false }> | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "manual";
  const id = useId();
  const [rows, setRows] = useState<Row[]>([{ key: 0 }]);
  const [nextKey, setNextKey] = useState(1);
  // One key per filled form: posted twice, the payout is recorded once. A new key after a success.
  const [submissionKey, setSubmissionKey] = useState(() => randomKey());
  const [formKey, setFormKey] = useState(0);
  useActionFeedback(useActionData() as CodActionResult | undefined, {
    onSuccess: (done) => {
      if (done.intent !== "manual") return;
      setSubmissionKey(randomKey());
      setRows([{ key: 0 }]);
      setFormKey((k) => k + 1);
    },
  });
  return (
    <Card
      title="Nhập tay khoản chuyển tiền"
      description="Khi hãng không gửi tệp: nhập mã vận đơn, tiền thu hộ và phí của từng đơn trong khoản chuyển."
    >
      <Form key={formKey} method="post" className="flex flex-col gap-4" aria-label="Nhập tay khoản chuyển tiền">
        <input type="hidden" name="intent" value="manual" />
        <input type="hidden" name="submissionKey" value={submissionKey} />
        <CarrierField error={failed?.fieldErrors?.carrierName} />
        <FormField
          id={`${id}-date`}
          label="Ngày nhận tiền"
          required
          error={fieldError(failed ?? undefined, "remittedOn")}
          className="sm:w-56"
        >
          {(control) => <Input {...control} type="date" name="remittedOn" defaultValue={today} max={today} />}
        </FormField>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-2 text-sm font-medium">Các đơn trong khoản chuyển</legend>
          {rows.map((row, i) => (
            <div
              key={row.key}
              className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_auto] gap-2 sm:grid-cols-[minmax(0,1.4fr)_minmax(0,1fr)_minmax(0,0.8fr)_auto]"
            >
              <div className="col-span-3 sm:col-span-1">
                <Label htmlFor={`${id}-code-${row.key}`} className="sr-only">
                  Mã vận đơn dòng {i + 1}
                </Label>
                <Input
                  id={`${id}-code-${row.key}`}
                  name="trackingCode"
                  placeholder="Mã vận đơn"
                  autoComplete="off"
                  maxLength={60}
                />
              </div>
              <div>
                <Label htmlFor={`${id}-cod-${row.key}`} className="sr-only">
                  Tiền thu hộ dòng {i + 1} (đ)
                </Label>
                <Input id={`${id}-cod-${row.key}`} name="codAmount" inputMode="numeric" placeholder="Thu hộ (đ)" />
              </div>
              <div>
                <Label htmlFor={`${id}-fee-${row.key}`} className="sr-only">
                  Phí dòng {i + 1} (đ)
                </Label>
                <Input id={`${id}-fee-${row.key}`} name="fee" inputMode="numeric" placeholder="Phí (đ)" />
              </div>
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Xóa dòng ${i + 1}`}
                disabled={rows.length === 1}
                onClick={() => setRows((current) => current.filter((r) => r.key !== row.key))}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          ))}
          <div>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                setRows((current) => [...current, { key: nextKey }]);
                setNextKey((k) => k + 1);
              }}
            >
              <Plus className="size-4" aria-hidden="true" />
              Thêm dòng
            </Button>
          </div>
        </fieldset>
        <FormAlert message={failed ? failed.error : null} />
        <div>
          <Button type="submit" disabled={busy}>
            {busy ? "Đang ghi…" : "Ghi khoản chuyển tiền"}
          </Button>
        </div>
      </Form>
    </Card>
  );
}

function randomKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : String(Math.random()).slice(2);
}

function ImportResult({ result }: { result: RemittanceResult }) {
  return (
    <Card
      title={`Kết quả đối soát ${result.carrierName}`}
      description={`${result.lineCount.toLocaleString("vi-VN")} dòng · tổng tiền thu hộ ${formatVnd(result.codTotal)} · tổng phí ${formatVnd(result.feeTotal)}`}
    >
      <p
        className="mb-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-900"
        data-testid="import-matched"
        role="status"
      >
        {result.matchedCount > 0 ? (
          <>
            Đã khớp <strong>{result.matchedCount.toLocaleString("vi-VN")}</strong> dòng, tổng{" "}
            <strong>{formatVnd(result.matchedSum)}</strong>: các đơn này đã được ghi nhận đã thanh toán.
          </>
        ) : (
          "Không có dòng nào khớp với vận đơn đã giao."
        )}
        {result.differences.length > 0
          ? ` Còn ${result.differences.length.toLocaleString("vi-VN")} chênh lệch cần xử lý.`
          : " Không có chênh lệch."}
      </p>
      {result.differences.length > 0 && (
        <Table label="Chênh lệch của lần nhập này" data-testid="import-differences">
          <TableHeader>
            <TableRow>
              <TableHead>Dòng</TableHead>
              <TableHead>Mã vận đơn</TableHead>
              <TableHead>Đơn hàng</TableHead>
              <TableHead className="text-right">Tiền trong tệp</TableHead>
              <TableHead className="text-right">Tiền cần thu</TableHead>
              <TableHead>Lý do</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {result.differences.map((d) => (
              <TableRow key={d.lineId}>
                <TableCell className="tabular-nums">{d.rowNumber}</TableCell>
                <TableCell className="font-mono">{d.trackingCode}</TableCell>
                <TableCell>
                  <OrderLink orderId={d.orderId} orderNumber={d.orderNumber} />
                </TableCell>
                <TableCell className="text-right tabular-nums">{formatVnd(d.codAmount)}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {d.expectedAmount === null ? "—" : formatVnd(d.expectedAmount)}
                </TableCell>
                <TableCell>
                  <Badge variant={statusVariant(d.status)}>{lineStatusLabels[d.status]}</Badge>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Card>
  );
}
