import type { StartingPage } from "./pages.server";

/*
 * The policies a new shop starts with (issue 19 item 4), in Vietnamese and English: sensible
 * texts for a Vietnamese cash-on-delivery shop, to be reviewed by the owner. They keep the home
 * page's promises (free delivery from the threshold, 12-month warranty, refund within 30 days)
 * and handle personal data as Decree 13/2023/NĐ-CP on personal data protection asks. Placeholders
 * ({free_shipping_threshold}, {standard_fee}, {business_name}, {hotline}, {support_email},
 * {business_address}, and the delivery rules' {delivery_times} and {delivery_cutoff}) are filled
 * from the settings when the page is shown, so the figures are always the ones checkout applies.
 */

const shippingVi = `Chúng tôi giao hàng trên toàn quốc qua các đơn vị vận chuyển đối tác và chỉ thu tiền khi bạn nhận hàng (COD).

## Phí giao hàng
- **Miễn phí giao hàng** cho đơn từ {free_shipping_threshold}.
- Đơn dưới mức trên: phí giao hàng tiêu chuẩn {standard_fee}, hiển thị rõ ở bước giao hàng trước khi bạn đặt.
- Nhận tại cửa hàng: bạn chọn cửa hàng ở bước giao hàng; chúng tôi báo khi hàng sẵn sàng.

## Thời gian giao hàng
{delivery_times}
- Đơn đặt trước {delivery_cutoff} được xác nhận và bàn giao cho đơn vị vận chuyển ngay trong ngày làm việc.

## Xác nhận đơn
Sau khi bạn đặt hàng, nhân viên sẽ gọi hoặc nhắn tin qua số điện thoại bạn để lại để xác nhận đơn trước khi giao. Vui lòng giữ máy để đơn được xử lý nhanh.

## Khi nhận hàng
- Bạn được **xem hàng trước khi thanh toán** (không dùng thử).
- Nếu kiện hàng bị móp, rách hoặc sai sản phẩm, hãy từ chối nhận và báo cho chúng tôi qua hotline {hotline}: chúng tôi gửi lại đơn mới miễn phí.

## Theo dõi đơn hàng
Bạn có thể tra cứu tình trạng đơn tại trang [Tra cứu đơn hàng](/order-lookup) bằng mã đơn và số điện thoại.`;

const shippingEn = `We deliver across Vietnam through our courier partners, and you pay only when the parcel reaches you (cash on delivery).

## Delivery fees
- **Free delivery** on orders from {free_shipping_threshold}.
- Below that: standard delivery costs {standard_fee}, shown at the shipping step before you order.
- Store pickup: choose a store at the shipping step; we tell you when your order is ready.

## Delivery times
{delivery_times}
- Orders placed before {delivery_cutoff} are confirmed and handed to the courier on the same working day.

## Order confirmation
After you order, our staff call or message the phone number you gave to confirm the order before it ships. Please keep your phone at hand.

## On delivery
- You may **inspect the parcel before paying** (no trying out).
- If the parcel is dented, torn or holds the wrong product, refuse it and tell us on {hotline}: we send a new one free of charge.

## Tracking
Look up your order at [Order lookup](/order-lookup) with the order number and your phone number.`;

const returnsVi = `Chúng tôi muốn bạn thật sự hài lòng. Nếu chưa ưng ý, bạn có **30 ngày kể từ ngày nhận hàng** để gửi trả và được hoàn tiền 100%.

## Đổi trả và hoàn tiền trong 30 ngày
- Áp dụng cho mọi sản phẩm mua tại cửa hàng, kể cả khi sản phẩm không lỗi.
- Sản phẩm còn đủ phụ kiện (cáp sạc, hướng dẫn); hộp có thể đã mở.
- Liên hệ hotline {hotline} hoặc email {support_email} kèm mã đơn hàng; chúng tôi gửi hướng dẫn và mã vận đơn trả hàng.
- Sản phẩm lỗi do nhà sản xuất: chúng tôi chịu phí gửi trả. Đổi ý: bạn chịu phí gửi trả.
- Tiền được hoàn trong 3–5 ngày làm việc sau khi chúng tôi nhận lại hàng, qua chuyển khoản ngân hàng vào tài khoản bạn cung cấp.

## Bảo hành 12 tháng
- Mọi máy tiệt trùng được bảo hành **12 tháng** kể từ ngày nhận hàng cho lỗi của nhà sản xuất (đèn UVC, pin, mạch sạc).
- Chúng tôi sửa chữa hoặc đổi máy mới và chịu toàn bộ phí vận chuyển hai chiều.
- Không bảo hành khi máy bị rơi vỡ, vào nước quá mức chịu đựng, tự ý tháo mở, hoặc dùng bộ sạc không phù hợp.

## Cách yêu cầu bảo hành
1. Gọi {hotline} hoặc gửi email {support_email} kèm mã đơn hàng và mô tả (hoặc ảnh, video) lỗi.
2. Chúng tôi xác nhận trong 1 ngày làm việc và gửi mã vận đơn để bạn gửi máy.
3. Máy sửa xong hoặc máy mới được gửi lại trong 3–7 ngày làm việc.`;

const returnsEn = `We want you to be truly happy. If you are not, you have **30 days from delivery** to send the product back for a full refund.

## 30-day returns and refunds
- For every product bought from us, faulty or not.
- The product comes back with its accessories (charging cable, manual); the box may be opened.
- Call {hotline} or e-mail {support_email} with your order number; we send instructions and a return label.
- A manufacturing fault: we pay the return postage. A change of mind: you pay it.
- The refund is paid within 3–5 working days after we receive the product, by bank transfer to the account you give us.

## 12-month warranty
- Every sterilizer is covered for **12 months** from delivery against manufacturing faults (UVC lamp, battery, charging circuit).
- We repair or replace it and pay the courier both ways.
- Not covered: drops and breakage, water beyond the rated protection, opened casings, unsuitable chargers.

## How to claim
1. Call {hotline} or e-mail {support_email} with your order number and a description (or photo, video) of the fault.
2. We confirm within one working day and send a label for the parcel.
3. The repaired or new unit is sent back within 3–7 working days.`;

const privacyVi = `Chính sách này cho biết chúng tôi xử lý dữ liệu cá nhân của bạn như thế nào, theo Nghị định 13/2023/NĐ-CP về bảo vệ dữ liệu cá nhân.

## Bên kiểm soát và xử lý dữ liệu
{business_name}, địa chỉ {business_address}. Liên hệ về dữ liệu cá nhân: {support_email}, hotline {hotline}.

## Dữ liệu chúng tôi thu thập
- Khi đặt hàng: họ tên, số điện thoại, email (nếu bạn cung cấp), địa chỉ giao hàng, ghi chú đơn hàng; thông tin xuất hóa đơn VAT nếu bạn yêu cầu.
- Khi đăng ký nhận tin: địa chỉ email.
- Khi bạn dùng trang web: giỏ hàng và cài đặt ngôn ngữ được lưu bằng cookie cần thiết. Chúng tôi **không** thu thập dữ liệu cá nhân nhạy cảm.

## Mục đích xử lý
- Xác nhận, giao đơn hàng, thu tiền khi nhận hàng, đổi trả và bảo hành.
- Gửi email về đơn hàng của bạn.
- Gửi tin khuyến mãi **chỉ khi bạn đồng ý** đăng ký nhận tin; bạn có thể hủy bất cứ lúc nào bằng liên kết trong email.
- Thực hiện nghĩa vụ kế toán, thuế theo quy định pháp luật.

## Chia sẻ dữ liệu
Chúng tôi chỉ chia sẻ họ tên, số điện thoại và địa chỉ với đơn vị vận chuyển để giao hàng, và với cơ quan nhà nước khi pháp luật yêu cầu. Chúng tôi không bán dữ liệu cá nhân.

## Thời gian lưu trữ
Dữ liệu đơn hàng được lưu trong thời hạn pháp luật kế toán yêu cầu; email nhận tin được lưu đến khi bạn hủy đăng ký.

## Quyền của bạn
Theo Nghị định 13/2023/NĐ-CP, bạn có quyền được biết, đồng ý hoặc rút lại sự đồng ý, truy cập, chỉnh sửa, yêu cầu xóa, hạn chế xử lý dữ liệu, phản đối xử lý, khiếu nại và yêu cầu bồi thường. Gửi yêu cầu đến {support_email}; chúng tôi trả lời trong vòng 72 giờ.

## Bảo mật
Dữ liệu được truyền qua kết nối mã hóa (HTTPS) và chỉ nhân viên cần thiết mới được truy cập. Nếu xảy ra vi phạm dữ liệu, chúng tôi sẽ thông báo cho bạn và cơ quan có thẩm quyền theo quy định.`;

const privacyEn = `This policy explains how we handle your personal data, in line with Vietnam's Decree 13/2023/ND-CP on personal data protection.

## Data controller
{business_name}, {business_address}. Personal data contact: {support_email}, hotline {hotline}.

## What we collect
- When you order: name, phone number, e-mail (if given), delivery address, order notes; VAT invoice details if you ask for an invoice.
- When you subscribe to the newsletter: your e-mail address.
- When you browse: your cart and language choice, kept in necessary cookies. We do **not** collect sensitive personal data.

## Why
- To confirm and deliver your order, collect cash on delivery, handle returns and warranty.
- To e-mail you about your order.
- To send offers **only if you subscribed**; unsubscribe at any time with the link in each e-mail.
- To meet our accounting and tax obligations.

## Sharing
We share your name, phone number and address only with the courier delivering your order, and with authorities when the law requires it. We never sell personal data.

## Retention
Order data is kept as long as accounting law requires; newsletter addresses until you unsubscribe.

## Your rights
Under Decree 13/2023/ND-CP you may be informed, consent or withdraw consent, access, correct, have deleted, restrict or object to processing, complain and claim compensation. Write to {support_email}; we answer within 72 hours.

## Security
Data travels over encrypted connections (HTTPS) and only the staff who need it can see it. Should a data breach happen, we notify you and the authorities as the law requires.`;

const termsVi = `Khi đặt hàng trên trang web này, bạn đồng ý với các điều khoản dưới đây.

## Người bán
{business_name}, địa chỉ {business_address}, hotline {hotline}, email {support_email}.

## Đặt hàng và xác nhận
- Đơn hàng được xác lập khi bạn bấm "Đặt hàng" và nhận mã đơn. Chúng tôi có thể gọi xác nhận trước khi giao.
- Chúng tôi có quyền từ chối hoặc hủy đơn khi thông tin liên hệ không xác thực được, sản phẩm hết hàng, hoặc giá hiển thị sai do lỗi kỹ thuật; khi đó bạn được báo ngay và không phải trả tiền.

## Giá và thanh toán
- Giá niêm yết bằng đồng Việt Nam và đã gồm thuế GTGT. Phí giao hàng (nếu có) hiển thị trước khi đặt hàng.
- Thanh toán khi nhận hàng theo [Chính sách thanh toán](/policies/payment).

## Giao hàng, đổi trả, bảo hành
Theo [Chính sách giao hàng](/policies/shipping) và [Chính sách đổi trả và bảo hành](/policies/returns-warranty).

## Sử dụng sản phẩm
Đọc hướng dẫn sử dụng trước khi dùng. Không nhìn trực tiếp vào đèn UVC khi máy đang hoạt động; để xa tầm tay trẻ nhỏ.

## Dữ liệu cá nhân
Theo [Chính sách bảo mật](/policies/privacy).

## Giải quyết tranh chấp
Mọi khiếu nại xin gửi về {support_email} hoặc {hotline}; chúng tôi phản hồi trong 3 ngày làm việc. Tranh chấp không thương lượng được sẽ do tòa án có thẩm quyền tại Việt Nam giải quyết theo pháp luật Việt Nam.`;

const termsEn = `By ordering on this website you agree to the terms below.

## The seller
{business_name}, {business_address}, hotline {hotline}, e-mail {support_email}.

## Ordering and confirmation
- An order is made when you press "Place order" and receive an order number. We may call you to confirm it before delivery.
- We may refuse or cancel an order when its contact details cannot be verified, a product is out of stock, or a price was shown wrongly by a technical error; you are told at once and pay nothing.

## Prices and payment
- Prices are in Vietnamese đồng and include VAT. Any delivery fee is shown before you order.
- You pay on delivery, as the [payment policy](/policies/payment) explains.

## Delivery, returns, warranty
See the [shipping policy](/policies/shipping) and the [returns and warranty policy](/policies/returns-warranty).

## Using the product
Read the manual before use. Do not look straight into the UVC lamp while it is on; keep away from small children.

## Personal data
See the [privacy policy](/policies/privacy).

## Disputes
Send any complaint to {support_email} or {hotline}; we answer within 3 working days. A dispute not settled between us goes to the competent court in Vietnam under Vietnamese law.`;

const paymentVi = `## Thanh toán khi nhận hàng (COD)
Bạn không cần trả trước. Khi nhận hàng, bạn kiểm tra kiện hàng rồi thanh toán bằng tiền mặt cho nhân viên giao hàng đúng số tiền ghi trong email xác nhận đơn.

## Số tiền cần thanh toán
Gồm giá sản phẩm (đã có thuế GTGT), phí giao hàng nếu có và trừ mã giảm giá đã áp dụng. Bạn thấy đủ các khoản ở bước thanh toán trước khi đặt hàng.

## Giới hạn đơn COD
Để bảo vệ hàng tồn kho cho mọi khách, một đơn COD có giới hạn số lượng và giá trị. Đơn lớn hơn xin liên hệ hotline {hotline} để được hỗ trợ trực tiếp.

## Hóa đơn VAT
Chọn "Xuất hóa đơn VAT" ở bước thông tin và nhập tên công ty, mã số thuế, địa chỉ; hóa đơn điện tử được gửi qua email sau khi bạn nhận hàng.

## Hoàn tiền
Khi đổi trả, tiền được hoàn qua chuyển khoản ngân hàng theo [Chính sách đổi trả và bảo hành](/policies/returns-warranty).`;

const paymentEn = `## Cash on delivery (COD)
Nothing to pay in advance. When the parcel arrives, inspect it and pay the courier in cash the amount in your order confirmation e-mail.

## The amount due
The products' prices (VAT included), the delivery fee if any, less any discount code applied. You see every line at the payment step before you order.

## COD order limits
To keep stock fair for every customer, one COD order has a limit on quantity and value. For a larger order, call {hotline} and we help you directly.

## VAT invoice
Tick "VAT invoice" at the information step and enter the company name, tax code and address; the e-invoice is e-mailed after delivery.

## Refunds
Refunds on returns are paid by bank transfer, as the [returns and warranty policy](/policies/returns-warranty) explains.`;

const policy = (sortOrder: number, slug: string, title: string, titleEn: string, body: string, bodyEn: string, seoDescription: string, seoDescriptionEn: string): StartingPage => ({
  kind: "policy",
  slug,
  title,
  titleEn,
  body,
  bodyEn,
  seoDescription,
  seoDescriptionEn,
  status: "published",
  sortOrder,
});

export const startingPolicies: StartingPage[] = [
  policy(
    0,
    "shipping",
    "Chính sách giao hàng",
    "Shipping policy",
    shippingVi,
    shippingEn,
    "Phí, thời gian giao hàng toàn quốc và cách nhận hàng, thanh toán khi nhận hàng.",
    "Delivery fees and times across Vietnam, and receiving your parcel with cash on delivery.",
  ),
  policy(
    1,
    "returns-warranty",
    "Chính sách đổi trả và bảo hành",
    "Returns and warranty",
    returnsVi,
    returnsEn,
    "Hoàn tiền 100% trong 30 ngày và bảo hành 12 tháng cho máy tiệt trùng bàn chải UVC.",
    "Full refund within 30 days and a 12-month warranty on UVC toothbrush sterilizers.",
  ),
  policy(
    2,
    "privacy",
    "Chính sách bảo mật",
    "Privacy policy",
    privacyVi,
    privacyEn,
    "Cách chúng tôi thu thập, sử dụng và bảo vệ dữ liệu cá nhân theo Nghị định 13/2023/NĐ-CP.",
    "How we collect, use and protect personal data under Decree 13/2023/ND-CP.",
  ),
  policy(
    3,
    "terms",
    "Điều khoản dịch vụ",
    "Terms of service",
    termsVi,
    termsEn,
    "Điều khoản mua hàng: đặt hàng, giá, thanh toán, giao hàng và giải quyết tranh chấp.",
    "Terms of sale: ordering, prices, payment, delivery and disputes.",
  ),
  policy(
    4,
    "payment",
    "Chính sách thanh toán",
    "Payment policy",
    paymentVi,
    paymentEn,
    "Thanh toán khi nhận hàng (COD), hóa đơn VAT và hoàn tiền.",
    "Cash on delivery, VAT invoices and refunds.",
  ),
];
