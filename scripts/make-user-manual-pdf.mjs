#!/usr/bin/env node
/**
 * Writes the sterilizer's user manual in both storefront languages (decision 0021):
 *   public/downloads/uvc-sterilizer-user-manual.pdf           (English)
 *   public/downloads/huong-dan-su-dung-may-tiet-trung-uvc.pdf  (Vietnamese)
 * A4 pages with the same layout; the facts are SPEC §1's.
 *
 * Why pdfkit: the standard PDF fonts (Helvetica) have no Vietnamese glyphs, so the text needs an
 * embedded TrueType font. pdfkit (a devDependency used by this script only, never by the app)
 * embeds DejaVu Sans (free licence) as a Type0/CIDFontType2 font with Identity-H, a ToUnicode CMap
 * and a subset holding only the glyphs used, which keeps each file small. Both editions use it, so
 * there is one layout. The creation date is fixed so that running this again without changing the
 * text writes the same bytes.
 *
 *   node scripts/make-user-manual-pdf.mjs [output-directory]
 *
 * The PDFs are committed; run this again after changing the text below. The fonts are read from
 * /usr/share/fonts/truetype/dejavu (Debian's fonts-dejavu-core), or from $MANUAL_FONT_DIR.
 */
import { createWriteStream, mkdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import PDFDocument from "pdfkit";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const outputDir = process.argv[2] ?? path.join(root, "public/downloads");
const fontDir = process.env.MANUAL_FONT_DIR ?? "/usr/share/fonts/truetype/dejavu";
const FONT_REGULAR = path.join(fontDir, "DejaVuSans.ttf");
const FONT_BOLD = path.join(fontDir, "DejaVuSans-Bold.ttf");
/** Fixed, so the output only changes when the text or layout does. */
const CREATED = new Date("2026-01-01T00:00:00Z");

// ---------------------------------------------------------------------------------------------
// The manual. Blocks: h1 title, sub subtitle, h2 heading, p paragraph, li bullet, kv label/value row.

const english = [
  ["h1", "UVC Care Portable UVC Toothbrush Sterilizer"],
  ["sub", "User manual – models in White, Black, Blue and Pink"],
  [
    "p",
    "Thank you for choosing UVC Care. Your sterilizer uses UVC-C light at 270–280nm to eliminate 99.9% of bacteria on the head of your toothbrush in a 3-minute cycle, with no chemicals and no heat. Please read this manual before first use and keep it for later.",
  ],
  ["h2", "1. In the box"],
  ["li", "1 portable UVC toothbrush sterilizer (White, Black, Blue or Pink)"],
  ["li", "1 USB-C charging cable"],
  ["li", "This user manual"],
  ["h2", "2. Specifications"],
  ["kv", "Bacteria eliminated", "99.9%"],
  ["kv", "Sterilization cycle", "3 minutes, switches off automatically"],
  ["kv", "UVC wavelength", "270–280nm (UVC-C LEDs)"],
  ["kv", "Weight", "35g"],
  ["kv", "Cycles per charge", "30 or more"],
  ["kv", "Charging time", "About 2 hours, USB-C (5V)"],
  ["kv", "Battery life", "2 years of daily use"],
  ["kv", "Compatible brush heads", "10–15mm in diameter, manual or electric"],
  ["kv", "Warranty", "12 months; 30-day money-back guarantee"],
  ["h2", "3. Charging"],
  ["li", "Charge fully before first use: about 2 hours."],
  ["li", "Connect the USB-C cable to the port on the sterilizer and to a USB charger, computer or power bank."],
  ["li", "The indicator light shows while the battery charges and changes when it is full. Unplug the cable when charging is complete."],
  ["li", "A full charge gives 30 or more cycles: about a month of daily use for one toothbrush."],
  ["li", "Recharge when the sterilizer no longer starts a cycle. Do not charge it in a wet place or in direct sunlight."],
  ["h2", "4. Daily use"],
  ["li", "Step 1 – Brush as usual. Rinse the toothbrush and shake off excess water."],
  ["li", "Step 2 – Clip it on. Slide the sterilizer over the brush head until the bristles are fully inside. It fits heads 10–15mm across, manual or electric."],
  ["li", "Step 3 – Press and relax. Press the button once to start a 3-minute UVC cycle. The light switches itself off when the cycle ends."],
  ["li", "To stop a cycle early, press the button again."],
  ["li", "You can leave the sterilizer on the brush between uses; run one cycle after each brushing for best results."],
  ["h2", "5. Care and cleaning"],
  ["li", "Wipe the inside and outside with a soft, dry or slightly damp cloth once a week. Do not use alcohol, solvents or abrasive cleaners."],
  ["li", "Do not rinse the sterilizer under the tap or immerse it in water."],
  ["li", "Let the brush head drip dry for a moment before clipping the sterilizer on."],
  ["li", "Replace your toothbrush (or brush head) every three months, as dentists recommend."],
  ["h2", "6. Safety warnings"],
  ["li", "UVC light can harm eyes and skin. Never look into the light and never run a cycle without a brush head inside."],
  ["li", "Keep the sterilizer on the brush head while a cycle runs. If you take it off during a cycle, press the button to stop the light."],
  ["li", "Keep out of reach of small children; children should use it under adult supervision."],
  ["li", "Do not open, modify or repair the device. It contains a rechargeable lithium battery: do not expose it to fire or temperatures above 45 °C."],
  ["li", "Dispose of the device and its battery at an electronics collection point, not with household waste."],
  ["li", "The sterilizer complements, and does not replace, brushing, flossing and regular dental check-ups."],
  ["h2", "7. Troubleshooting"],
  ["kv", "No light when pressed", "Charge the battery for about 2 hours and try again."],
  ["kv", "Cycle stops early", "The battery is low: recharge it."],
  ["kv", "Brush head does not fit", "Heads wider than 15mm do not fit; use a standard head."],
  ["kv", "Will not charge", "Try another USB-C cable or charger; contact us if it still fails."],
  ["h2", "8. Warranty and money-back guarantee"],
  [
    "p",
    "Your sterilizer is covered by a 12-month warranty from the delivery date against manufacturing defects: we repair or replace it free of charge, delivery included. Damage from water, drops or opening the device is not covered. Not happy? Return it within 30 days of delivery for a full refund.",
  ],
  [
    "p",
    "To make a claim, contact us with your order number: email hello@uvccare.vn or call 1900 6868 (Mon–Sat, 8:00–20:00, GMT+7). Order online at uvccare.vn: delivery across Vietnam, cash on delivery.",
  ],
];

// Vietnamese writes a space between a figure and its unit; \u00a0 keeps them on one line.
const vietnamese = [
  ["h1", "Máy tiệt trùng bàn chải đánh răng UVC cầm tay UVC Care"],
  ["sub", "Hướng dẫn sử dụng – các màu Trắng, Đen, Xanh dương và Hồng"],
  [
    "p",
    "Cảm ơn bạn đã chọn UVC Care. Chỉ trong một chu trình 3 phút, máy tiệt trùng dùng ánh sáng UVC-C bước sóng 270–280\u00a0nm để diệt 99,9% vi khuẩn trên đầu bàn chải đánh răng, không dùng hóa chất, không dùng nhiệt. Vui lòng đọc kỹ hướng dẫn này trước khi dùng lần đầu và giữ lại để tham khảo.",
  ],
  ["h2", "1. Trong hộp có gì"],
  ["li", "1 máy tiệt trùng bàn chải đánh răng UVC cầm tay (Trắng, Đen, Xanh dương hoặc Hồng)"],
  ["li", "1 dây sạc USB-C"],
  ["li", "Hướng dẫn sử dụng này"],
  ["h2", "2. Thông số kỹ thuật"],
  ["kv", "Tỷ lệ diệt khuẩn", "99,9%"],
  ["kv", "Chu trình tiệt trùng", "3 phút, tự động tắt"],
  ["kv", "Bước sóng UVC", "270–280\u00a0nm (đèn LED UVC-C)"],
  ["kv", "Trọng lượng", "35\u00a0g"],
  ["kv", "Số chu trình mỗi lần sạc", "Hơn 30"],
  ["kv", "Thời gian sạc", "Khoảng 2 giờ, cổng USB-C (5\u00a0V)"],
  ["kv", "Tuổi thọ pin", "2 năm khi dùng hằng ngày"],
  ["kv", "Đầu bàn chải phù hợp", "Đường kính 10–15\u00a0mm, bàn chải thường hoặc bàn chải điện"],
  ["kv", "Bảo hành", "12 tháng; hoàn tiền trong 30 ngày"],
  ["h2", "3. Sạc pin"],
  ["li", "Sạc đầy trước khi dùng lần đầu: khoảng 2 giờ."],
  ["li", "Cắm dây USB-C vào cổng sạc trên máy và vào củ sạc USB, máy tính hoặc pin dự phòng."],
  ["li", "Đèn báo sáng trong khi sạc và đổi trạng thái khi pin đã đầy. Rút dây sạc khi sạc xong."],
  ["li", "Một lần sạc đầy cho hơn 30 chu trình: đủ dùng hằng ngày khoảng một tháng cho một bàn chải."],
  ["li", "Sạc lại khi máy không còn khởi động được chu trình. Không sạc máy ở nơi ẩm ướt hoặc dưới ánh nắng trực tiếp."],
  ["h2", "4. Sử dụng hằng ngày"],
  ["li", "Bước 1 – Chải răng như bình thường. Tráng sạch bàn chải và vẩy bớt nước."],
  ["li", "Bước 2 – Lồng máy vào. Trượt máy tiệt trùng vào đầu bàn chải cho đến khi lông bàn chải nằm trọn bên trong. Máy vừa đầu bàn chải rộng 10–15\u00a0mm, bàn chải thường hoặc bàn chải điện."],
  ["li", "Bước 3 – Nhấn nút và yên tâm. Nhấn nút một lần để bắt đầu chu trình UVC 3 phút. Đèn tự tắt khi chu trình kết thúc."],
  ["li", "Muốn dừng chu trình sớm, nhấn nút thêm một lần nữa."],
  ["li", "Bạn có thể để máy trên bàn chải giữa các lần dùng; để đạt hiệu quả tốt nhất, hãy chạy một chu trình sau mỗi lần chải răng."],
  ["h2", "5. Bảo quản và vệ sinh"],
  ["li", "Mỗi tuần lau mặt trong và mặt ngoài máy một lần bằng khăn mềm, khô hoặc hơi ẩm. Không dùng cồn, dung môi hay chất tẩy rửa có hạt mài."],
  ["li", "Không xả máy dưới vòi nước và không ngâm máy trong nước."],
  ["li", "Để đầu bàn chải ráo nước một lát trước khi lồng máy vào."],
  ["li", "Thay bàn chải (hoặc đầu bàn chải) ba tháng một lần theo khuyến nghị của nha sĩ."],
  ["h2", "6. Cảnh báo an toàn"],
  ["li", "Ánh sáng UVC có thể gây hại cho mắt và da. Không bao giờ nhìn thẳng vào đèn và không chạy chu trình khi không có đầu bàn chải bên trong."],
  ["li", "Giữ máy trên đầu bàn chải trong suốt chu trình. Nếu tháo máy ra giữa chừng, hãy nhấn nút để tắt đèn."],
  ["li", "Để xa tầm tay trẻ nhỏ; trẻ em chỉ sử dụng khi có người lớn giám sát."],
  ["li", "Không tự ý mở, sửa đổi hay sửa chữa máy. Máy có pin lithium sạc lại được: không để gần lửa hoặc ở nơi có nhiệt độ trên 45\u00a0°C."],
  ["li", "Bỏ máy và pin tại điểm thu gom đồ điện tử, không bỏ chung với rác sinh hoạt."],
  ["li", "Máy tiệt trùng hỗ trợ chứ không thay thế việc chải răng, dùng chỉ nha khoa và khám răng định kỳ."],
  ["h2", "7. Khắc phục sự cố"],
  ["kv", "Nhấn nút không thấy đèn sáng", "Sạc pin khoảng 2 giờ rồi thử lại."],
  ["kv", "Chu trình dừng sớm", "Pin yếu: hãy sạc lại."],
  ["kv", "Không vừa đầu bàn chải", "Đầu bàn chải rộng hơn 15\u00a0mm sẽ không vừa; hãy dùng đầu bàn chải cỡ tiêu chuẩn."],
  ["kv", "Không sạc được", "Thử dây USB-C hoặc củ sạc khác; nếu vẫn không được, hãy liên hệ với chúng tôi."],
  ["h2", "8. Bảo hành và cam kết hoàn tiền"],
  [
    "p",
    "Máy tiệt trùng được bảo hành 12 tháng kể từ ngày nhận hàng đối với lỗi của nhà sản xuất: chúng tôi sửa chữa hoặc đổi máy mới miễn phí, kể cả phí vận chuyển. Hư hỏng do nước, rơi vỡ hoặc tự ý mở máy không thuộc phạm vi bảo hành. Chưa hài lòng? Gửi trả trong vòng 30 ngày kể từ khi nhận hàng để được hoàn tiền 100%.",
  ],
  [
    "p",
    "Để yêu cầu bảo hành, hãy liên hệ với chúng tôi kèm mã đơn hàng: email hello@uvccare.vn hoặc gọi 1900 6868 (Thứ\u00a02 – Thứ\u00a07, 8:00–20:00, GMT+7). Đặt hàng trực tuyến tại uvccare.vn: giao hàng toàn quốc, thanh toán khi nhận hàng.",
  ],
];

const editions = [
  {
    file: "uvc-sterilizer-user-manual.pdf",
    language: "en",
    title: "UVC Care Portable UVC Toothbrush Sterilizer – User manual",
    footer: (page, pages) => `UVC Care – User manual – page ${page} of ${pages}`,
    blocks: english,
  },
  {
    file: "huong-dan-su-dung-may-tiet-trung-uvc.pdf",
    language: "vi",
    title: "Máy tiệt trùng bàn chải đánh răng UVC cầm tay UVC Care – Hướng dẫn sử dụng",
    footer: (page, pages) => `UVC Care – Hướng dẫn sử dụng – trang ${page}/${pages}`,
    blocks: vietnamese,
  },
];

// ---------------------------------------------------------------------------------------------
// Layout (pdfkit measures from the top-left corner, in points)

const MARGIN_X = 56;
const MARGIN_TOP = 64;
const MARGIN_BOTTOM = 64;
const INK = "#222f38";
const TEAL = "#1f7a76";
const MUTED = "#636a6a";
const RULE = "#d9dee0";
const BODY = 10.5;
const LINE_GAP = 3;

/** Writes one edition and resolves with its page count once the file is on disk. */
function writeEdition(edition) {
  const doc = new PDFDocument({
    size: "A4",
    margins: { top: MARGIN_TOP, bottom: MARGIN_BOTTOM, left: MARGIN_X, right: MARGIN_X },
    bufferPages: true,
    lang: edition.language,
    displayTitle: true,
    info: {
      Title: edition.title,
      Author: "UVC Care",
      Producer: "scripts/make-user-manual-pdf.mjs (pdfkit)",
      Creator: "scripts/make-user-manual-pdf.mjs",
      CreationDate: CREATED,
    },
  });
  doc.registerFont("regular", FONT_REGULAR);
  doc.registerFont("bold", FONT_BOLD);
  const textWidth = doc.page.width - 2 * MARGIN_X;
  const bottom = () => doc.page.height - MARGIN_BOTTOM;
  /** Starts a new page unless `height` more points fit on this one. */
  const ensure = (height) => {
    if (doc.y + height > bottom()) doc.addPage();
  };

  for (const [kind, a, b] of edition.blocks) {
    if (kind === "h1") {
      // A teal band above the title.
      doc.rect(MARGIN_X, doc.y, textWidth, 4).fill(TEAL);
      doc.moveDown(0.6);
      doc.font("bold").fontSize(21).fillColor(INK).text(a, MARGIN_X, doc.y, { width: textWidth, lineGap: 2 });
    } else if (kind === "sub") {
      doc.moveDown(0.3);
      doc.font("regular").fontSize(12).fillColor(TEAL).text(a, MARGIN_X, doc.y, { width: textWidth });
      doc.moveDown(0.6);
    } else if (kind === "h2") {
      ensure(56);
      doc.moveDown(0.9);
      doc.font("bold").fontSize(14).fillColor(TEAL).text(a, MARGIN_X, doc.y, { width: textWidth });
      doc.moveDown(0.35);
    } else if (kind === "p") {
      doc.font("regular").fontSize(BODY).fillColor(INK);
      doc.text(a, MARGIN_X, doc.y, { width: textWidth, lineGap: LINE_GAP });
      doc.moveDown(0.5);
    } else if (kind === "li") {
      doc.font("regular").fontSize(BODY);
      const options = { width: textWidth - 14, lineGap: LINE_GAP };
      // Keeps at least two lines of a bullet together with its dot.
      ensure(Math.min(doc.heightOfString(a, options), 2 * (doc.currentLineHeight(true) + LINE_GAP)));
      const top = doc.y;
      doc.fillColor(TEAL).text("•", MARGIN_X + 2, top, { lineBreak: false });
      doc.fillColor(INK).text(a, MARGIN_X + 14, top, options);
      doc.moveDown(0.2);
    } else if (kind === "kv") {
      const labelW = 160;
      const label = { width: labelW - 10, lineGap: LINE_GAP };
      const value = { width: textWidth - labelW, lineGap: LINE_GAP };
      doc.fontSize(BODY);
      const height = Math.max(
        doc.font("bold").heightOfString(a, label),
        doc.font("regular").heightOfString(b, value),
      );
      ensure(height + 8);
      const top = doc.y + 3;
      doc.font("bold").fillColor(INK).text(a, MARGIN_X, top, label);
      doc.font("regular").text(b, MARGIN_X + labelW, top, value);
      const ruleY = top + height + 2;
      doc.moveTo(MARGIN_X, ruleY).lineTo(MARGIN_X + textWidth, ruleY).lineWidth(0.5).strokeColor(RULE).stroke();
      doc.x = MARGIN_X;
      doc.y = ruleY + 1;
    }
  }

  // Footer with page numbers, right-aligned below the bottom margin.
  const range = doc.bufferedPageRange();
  for (let i = 0; i < range.count; i++) {
    doc.switchToPage(range.start + i);
    const label = edition.footer(i + 1, range.count);
    doc.font("regular").fontSize(8.5).fillColor(MUTED);
    const y = doc.page.height - 40;
    // No bottom margin while the footer is written, so pdfkit does not start a new page for it.
    doc.page.margins.bottom = 0;
    doc.text(label, MARGIN_X, y, { width: textWidth, align: "right", lineBreak: false });
  }

  const output = path.join(outputDir, edition.file);
  return new Promise((resolve, reject) => {
    const stream = createWriteStream(output);
    stream.on("finish", () => resolve({ output, pages: range.count }));
    stream.on("error", reject);
    doc.pipe(stream);
    doc.end();
  });
}

mkdirSync(outputDir, { recursive: true });
for (const edition of editions) {
  const { output, pages } = await writeEdition(edition);
  console.log(`${path.relative(process.cwd(), output)}: ${pages} pages, ${statSync(output).size} bytes`);
}
