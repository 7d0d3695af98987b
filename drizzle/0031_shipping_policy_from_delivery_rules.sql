-- hand-written (issue 31, decision 0060): the shipping policy's delivery times come from the delivery
-- rules ({delivery_times}, {delivery_cutoff}, filled when the page is shown). A shop seeded before
-- has the old fixed lines in its stored policy; where they are still the seed's words, word for
-- word, they become the placeholders. A policy the merchant rewrote keeps its own text.
UPDATE "pages"
SET "body" = replace("body",
  '- Nội thành TP. Hồ Chí Minh và Hà Nội: 1–2 ngày làm việc.
- Các tỉnh, thành khác: 2–5 ngày làm việc.
- Đơn đặt trước 15:00 được xác nhận',
  '{delivery_times}
- Đơn đặt trước {delivery_cutoff} được xác nhận'),
  "body_en" = replace("body_en",
  '- Inner Ho Chi Minh City and Hanoi: 1–2 working days.
- Other provinces and cities: 2–5 working days.
- Orders placed before 15:00 are confirmed',
  '{delivery_times}
- Orders placed before {delivery_cutoff} are confirmed')
WHERE "kind" = 'policy' AND "slug" = 'shipping';
