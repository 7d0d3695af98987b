import type { StartingPage } from "./pages.server";

/*
 * The blog's first three articles (issue 19 item 3), in Vietnamese and English: useful reading
 * rather than placeholders. Published on the day the shop is seeded; staff edit them like any post.
 */

const uvcVi = `Đèn UVC trong máy tiệt trùng bàn chải không phải phép màu: đó là vật lý đã được dùng hàng chục năm trong bệnh viện và nhà máy nước.

## Tia UV-C là gì?
Ánh sáng cực tím chia thành ba dải: UV-A, UV-B và **UV-C** (bước sóng khoảng 200–280 nm). Tia UV-C từ mặt trời bị tầng ozone chặn lại, nên vi sinh vật trên Trái Đất gần như không có khả năng chống chịu nó.

## Vì sao UV-C diệt được vi khuẩn?
Ở bước sóng quanh **254–275 nm**, năng lượng của tia UV-C bị DNA và RNA hấp thụ mạnh nhất. Nó làm các "chữ cái" di truyền dính vào nhau, nên vi khuẩn, virus và nấm mốc không thể nhân lên nữa. Không cần hóa chất, không để lại dư lượng.

## Điều gì quyết định hiệu quả?
- **Liều chiếu**: cường độ đèn nhân với thời gian. Vì vậy mỗi chu trình cần chạy trọn vẹn.
- **Khoảng cách và góc chiếu**: đầu bàn chải phải nằm trong vùng đèn chiếu tới.
- **Bề mặt khô, sạch**: kem đánh răng còn bám có thể che vi khuẩn khỏi tia sáng; hãy tráng sạch trước khi đặt vào máy.

## An toàn khi dùng
Tia UV-C có hại cho mắt và da. Máy tiệt trùng tốt chỉ bật đèn khi nắp đã đóng và tự tắt khi mở. Không bao giờ nhìn thẳng vào đèn đang sáng.

## Máy tiệt trùng không thay thế việc gì?
UV-C giúp bàn chải sạch hơn giữa các lần dùng, nhưng bạn vẫn cần đánh răng đúng cách, để bàn chải khô thoáng và thay bàn chải định kỳ. Xem thêm [cách chăm sóc bàn chải](/blog/cham-soc-ban-chai-dung-cach).`;

const uvcEn = `The UVC lamp in a toothbrush sterilizer is not magic: it is physics that hospitals and water plants have relied on for decades.

## What is UV-C?
Ultraviolet light comes in three bands: UV-A, UV-B and **UV-C** (roughly 200–280 nm). The ozone layer stops the sun's UV-C, so microbes on Earth have almost no defence against it.

## Why does UV-C stop germs?
Around **254–275 nm**, UV-C is absorbed most strongly by DNA and RNA. It fuses neighbouring genetic "letters", so bacteria, viruses and moulds can no longer multiply. No chemicals, no residue.

## What decides how well it works?
- **Dose**: lamp intensity times time. That is why each cycle should run to the end.
- **Distance and angle**: the brush head must sit where the light reaches.
- **A clean, dry surface**: leftover toothpaste can shade germs from the light; rinse the brush before it goes in.

## Using it safely
UV-C harms eyes and skin. A good sterilizer only lights up with the lid closed and switches off when opened. Never look straight at a lit lamp.

## What a sterilizer does not replace
UV-C keeps the brush cleaner between uses, but you still need good brushing, a brush that dries in the air, and a new brush every few months. See [caring for your toothbrush](/blog/cham-soc-ban-chai-dung-cach).`;

const careVi = `Bàn chải là vật dụng bạn đưa vào miệng hai lần mỗi ngày, nhưng lại thường bị bỏ quên trong góc phòng tắm ẩm ướt. Vài thói quen nhỏ giúp nó sạch hơn nhiều.

## Sau mỗi lần đánh răng
1. Tráng bàn chải dưới vòi nước cho sạch kem và thức ăn thừa.
2. Vẩy nhẹ cho ráo nước.
3. Để bàn chải **dựng đứng, đầu lông hướng lên**, ở nơi thoáng khí để khô tự nhiên.

## Những điều nên tránh
- **Đậy nắp kín khi bàn chải còn ướt**: môi trường ẩm, tối là nơi vi khuẩn phát triển nhanh nhất.
- **Để các bàn chải chạm nhau** trong cùng một cốc.
- **Dùng chung bàn chải**, kể cả trong gia đình.
- Để bàn chải quá gần bồn cầu: hãy đóng nắp bồn cầu trước khi xả nước.

## Khi nào cần thay bàn chải?
- Khoảng **3–4 tháng một lần**, hoặc sớm hơn khi lông bàn chải đã xòe.
- Sau khi bạn bị cảm cúm, viêm họng hay nhiệt miệng.
- Với bàn chải điện: thay đầu bàn chải theo cùng nhịp.

## Máy tiệt trùng UVC giúp gì?
Máy tiệt trùng giữ bàn chải sạch và khô giữa các lần dùng, đặc biệt trong phòng tắm chung hoặc khi cả nhà dùng chung một chỗ để bàn chải. Xem [công nghệ UVC hoạt động thế nào](/blog/tia-uvc-c-diet-khuan-nhu-the-nao).`;

const careEn = `You put your toothbrush in your mouth twice a day, yet it often lives in a damp corner of the bathroom. A few small habits keep it much cleaner.

## After every brush
1. Rinse the brush under the tap to wash off toothpaste and food.
2. Shake off the water.
3. Stand it **upright, bristles up**, somewhere airy so it dries by itself.

## What to avoid
- **Capping a wet brush**: a dark, damp space is where germs grow fastest.
- **Brushes touching each other** in one cup.
- **Sharing a brush**, even within the family.
- Keeping the brush right next to the toilet: close the lid before flushing.

## When to replace it
- About **every 3–4 months**, or sooner once the bristles splay.
- After a cold, flu, sore throat or mouth ulcer.
- For electric brushes: change the head on the same schedule.

## How a UVC sterilizer helps
A sterilizer keeps the brush clean and dry between uses, especially in a shared bathroom or where the whole family keeps brushes together. See [how UV-C stops germs](/blog/tia-uvc-c-diet-khuan-nhu-the-nao).`;

const travelVi = `Công tác, về quê hay đi du lịch, bàn chải thường bị nhét vội vào túi khi còn ướt. Đây là cách giữ nó sạch trên đường.

## Trước khi lên đường
- Đánh răng sớm hơn một chút để bàn chải **kịp khô** trước khi cất.
- Dùng hộp đựng **có lỗ thông khí**, không dùng túi ni-lông kín.
- Để bàn chải riêng, không để chung ngăn với khăn ướt hay mỹ phẩm.

## Trên đường đi
- Ở khách sạn, mở hộp và để bàn chải dựng đứng ở nơi khô thoáng ngay khi đến nơi.
- Nếu nước máy nơi bạn đến không bảo đảm, hãy tráng bàn chải bằng nước đóng chai.
- Đi máy bay: bàn chải và máy tiệt trùng dùng pin sạc để trong hành lý xách tay.

## Máy tiệt trùng bỏ túi
Máy tiệt trùng UVC nhỏ gọn vừa là hộp đựng vừa làm sạch bàn chải sau mỗi lần dùng. Một lần sạc USB-C dùng được nhiều ngày, nên không cần mang thêm bộ sạc cho chuyến đi ngắn.

## Khi về nhà
Nếu bạn bị ốm trong chuyến đi, hãy thay bàn chải mới. Vệ sinh hộp đựng bằng nước ấm và để khô hẳn trước lần dùng sau.

Xem thêm [những thói quen chăm sóc bàn chải hằng ngày](/blog/cham-soc-ban-chai-dung-cach).`;

const travelEn = `Business trips, family visits or holidays: the toothbrush usually goes into the bag still wet. Here is how to keep it clean on the road.

## Before you leave
- Brush a little earlier so the brush **has time to dry** before packing.
- Use a case **with air vents**, not a sealed plastic bag.
- Pack the brush on its own, away from wet towels and cosmetics.

## On the way
- At the hotel, open the case and stand the brush upright somewhere dry as soon as you arrive.
- Where tap water is doubtful, rinse the brush with bottled water.
- Flying: keep the brush and a rechargeable sterilizer in your cabin bag.

## A pocket sterilizer
A compact UVC sterilizer is both the case and a clean-up after every use. One USB-C charge lasts many days, so a short trip needs no extra charger.

## Back home
If you fell ill while away, start a new brush. Wash the case in warm water and let it dry fully before next time.

See also [everyday toothbrush care](/blog/cham-soc-ban-chai-dung-cach).`;

const post = (
  slug: string,
  title: string,
  titleEn: string,
  excerpt: string,
  excerptEn: string,
  body: string,
  bodyEn: string,
  tags: string[],
): StartingPage => ({
  kind: "post",
  slug,
  title,
  titleEn,
  excerpt,
  excerptEn,
  body,
  bodyEn,
  tags,
  author: "Đội ngũ UVC Care",
  status: "published",
});

export const startingPosts: StartingPage[] = [
  post(
    "tia-uvc-c-diet-khuan-nhu-the-nao",
    "Tia UV-C diệt khuẩn như thế nào?",
    "How does UV-C light stop germs?",
    "Vì sao ánh sáng bước sóng 254–275 nm làm vi khuẩn ngừng sinh sôi, điều gì quyết định hiệu quả và cách dùng an toàn.",
    "Why light at 254–275 nm stops germs multiplying, what decides how well it works, and how to use it safely.",
    uvcVi,
    uvcEn,
    ["uvc", "khoa học"],
  ),
  post(
    "cham-soc-ban-chai-dung-cach",
    "Chăm sóc bàn chải đánh răng đúng cách",
    "Caring for your toothbrush",
    "Tráng, để khô, cất đúng chỗ và thay đúng lúc: những thói quen nhỏ giúp bàn chải sạch hơn mỗi ngày.",
    "Rinse, dry, store and replace it at the right time: small habits that keep your brush cleaner every day.",
    careVi,
    careEn,
    ["chăm sóc răng miệng"],
  ),
  post(
    "ve-sinh-ban-chai-khi-di-du-lich",
    "Giữ bàn chải sạch khi đi du lịch",
    "Keeping your toothbrush clean when travelling",
    "Cách đóng gói, cất giữ và làm sạch bàn chải trong chuyến công tác hay kỳ nghỉ.",
    "How to pack, store and clean your toothbrush on a business trip or a holiday.",
    travelVi,
    travelEn,
    ["du lịch", "chăm sóc răng miệng"],
  ),
];
