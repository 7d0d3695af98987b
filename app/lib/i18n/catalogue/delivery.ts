/**
 * The delivery promise computed from the shop's delivery rules (issue 31): the product page, the
 * cart, the shipping step, the confirmation page, the order e-mails and the tracking page.
 */
const vi = {
  delivery: {
    days: "{days} ngày làm việc",
    promise: {
      to: "Giao đến {place}",
      nationwide: "Giao hàng toàn quốc",
      range: "dự kiến {earliest} – {latest} ({days})",
      general: "{days} tùy tỉnh, thành; chọn nơi nhận để xem ngày dự kiến",
      slots: "; hoặc chọn ngày và khung giờ 1 tiếng từ {from} đến {until}",
    },
    shipping: {
      estimate: "Giao đến {place} trong {days}: dự kiến {earliest} – {latest}.",
      noSlots: "Đơn vị vận chuyển gọi cho bạn trước khi giao; nơi này chưa có giao theo ngày và khung giờ.",
    },
    policy: {
      region: "{name}: {days}.",
      regionSlots: "{name}: {days}; hoặc chọn ngày và khung giờ giao 1 tiếng.",
      other: "Các tỉnh, thành khác: {days}.",
      everywhere: "Toàn quốc: {days}.",
    },
    order: {
      expected: "Dự kiến giao: {earliest} – {latest}",
      carrierExpected: "Dự kiến giao (theo đơn vị vận chuyển): {date}",
    },
    errors: {
      slotNotOffered:
        "Nơi nhận này chưa có giao theo ngày và khung giờ; đơn được giao trong thời gian dự kiến",
      outsideRange: "Vui lòng chọn ngày giao từ ngày giao sớm nhất, tối đa 30 ngày sau đó",
      closedDay: "Cửa hàng không giao hàng vào ngày này; vui lòng chọn ngày làm việc khác",
    },
  },
};

const en: typeof vi = {
  delivery: {
    days: "{days} working days",
    promise: {
      to: "Delivery to {place}",
      nationwide: "Delivery across Vietnam",
      range: "expected {earliest} – {latest} ({days})",
      general: "{days} depending on the province; choose where to deliver to see the dates",
      slots: "; or choose a day and a 1-hour slot between {from} and {until}",
    },
    shipping: {
      estimate: "Delivery to {place} in {days}: expected {earliest} – {latest}.",
      noSlots: "The courier calls you before delivering; a chosen day and time slot is not offered there yet.",
    },
    policy: {
      region: "{name}: {days}.",
      regionSlots: "{name}: {days}, or on a day and 1-hour slot you choose.",
      other: "Other provinces and cities: {days}.",
      everywhere: "All of Vietnam: {days}.",
    },
    order: {
      expected: "Expected delivery: {earliest} – {latest}",
      carrierExpected: "Expected delivery (from the courier): {date}",
    },
    errors: {
      slotNotOffered: "A chosen day and time slot is not offered there; the order arrives within the expected dates",
      outsideRange: "Please choose a delivery day from the earliest day, up to 30 days after it",
      closedDay: "We do not deliver on that day; please choose another working day",
    },
  },
};

export const deliveryTexts = { vi, en };
