import type {
  Article,
  Benefit,
  ContentLink,
  Feature,
  GalleryImage,
  Indicator,
  SocialLinks,
  Spec,
  Step,
  Testimonial,
} from "./content.schema";
import { MANUAL_PDF_URL } from "./manual";

/**
 * Built-in content of every storefront page: what the seed writes on first start and what the
 * storefront shows whenever a row is missing, its section is unknown, or its value is broken.
 *
 * Shape: page → section (in display order) → content key → value. Keys listed in
 * `jsonContentSchemas` are stored as JSON; `background_image` as image; `background_color` as
 * colour; every other key as text (see `contentTypeFor`).
 *
 * Placeholders the storefront fills in at render time: `{free_shipping_threshold}` (the
 * settings value, formatted in đ) and `{year}`.
 */

const homeSteps: Step[] = [
  {
    number: 1,
    title: "Brush as usual",
    description: "Rinse your toothbrush after brushing and give it a gentle shake to remove excess water.",
  },
  {
    number: 2,
    title: "Clip it on",
    description: "Slide the sterilizer over the brush head. It fits manual and electric heads 10–15mm across.",
  },
  {
    number: 3,
    title: "Press and relax",
    description: "One press starts a 3-minute 270–280nm UVC cycle that switches itself off when it is done.",
  },
];

const homeFeatures: Feature[] = [
  {
    id: 1,
    icon: "shield-check",
    title: "Eliminates 99.9% of bacteria",
    description: "UVC light at 270–280nm breaks down bacteria on the bristles, with no chemicals and no residue.",
    highlight: "99.9%",
  },
  {
    id: 2,
    icon: "timer",
    title: "3-minute cycle",
    description: "A full cycle runs while you get dressed, then the light turns itself off.",
    highlight: "3 min",
  },
  {
    id: 3,
    icon: "feather",
    title: "Only 35g",
    description: "Lighter than a bar of soap and small enough for a shirt pocket, a gym bag or a carry-on.",
    highlight: "35g",
  },
  {
    id: 4,
    icon: "battery-charging",
    title: "30+ cycles per charge",
    description: "About 2 hours on USB-C gives a month of daily use, from a battery built to last 2 years.",
    highlight: "30+",
  },
];

const homeBenefits: Benefit[] = [
  {
    id: 1,
    icon: "users",
    title: "For families",
    items: [
      "A colour for every family member, so brushes never get mixed up",
      "Chemical-free: no sprays, no tablets, only light",
      "Keeps brushes covered away from the damp bathroom air",
    ],
    color: "mint-green",
  },
  {
    id: 2,
    icon: "plane",
    title: "For travellers",
    items: [
      "35g and pocket-sized, made for any carry-on",
      "30+ cycles on one charge: a month away without a cable",
      "Your brush stays covered and clean in the bag",
    ],
    color: "lavender",
  },
  {
    id: 3,
    icon: "heart-pulse",
    title: "For healthy habits",
    items: [
      "Fewer germs back in your mouth after a cold or flu",
      "Ideal with braces, implants and sensitive gums",
      "A fresh brush between every replacement",
    ],
    color: "butter-yellow",
  },
];

const homeTestimonials: Testimonial[] = [
  {
    id: 1,
    name: "Nguyễn Thu Hà",
    role: "Mother of two, Hà Nội",
    text: "My kids race to clip their brushes in after brushing. The pink and blue ones turned it into a game, and I stopped worrying about our damp bathroom.",
    rating: 5,
  },
  {
    id: 2,
    name: "Trần Minh Khoa",
    role: "Frequent flyer, Hồ Chí Minh",
    text: "I fly twice a week for work. It weighs nothing, one charge lasts for weeks and my brush no longer sits wet in a plastic bag.",
    rating: 5,
  },
  {
    id: 3,
    name: "Lê Phương Anh",
    role: "Dental hygienist, Đà Nẵng",
    text: "I suggest it to patients with braces and implants. Three minutes of UVC after brushing is an easy habit to keep.",
    rating: 4,
  },
];

const homeIndicators: Indicator[] = [
  {
    id: 1,
    icon: "badge-check",
    title: "12-month warranty",
    description: "A free replacement for any manufacturing defect in the first year.",
    badge: "12 months",
  },
  {
    id: 2,
    icon: "rotate-ccw",
    title: "30-day money-back",
    description: "Not happy? Send it back within 30 days for a full refund.",
    badge: "30 days",
  },
  {
    id: 3,
    icon: "truck",
    title: "Free delivery",
    description: "On every order from {free_shipping_threshold}, anywhere in Vietnam.",
    badge: "Nationwide",
  },
  {
    id: 4,
    icon: "wallet",
    title: "Cash on delivery",
    description: "Pay the courier when your order arrives. No card needed.",
    badge: "COD",
  },
];

const homeGallery: GalleryImage[] = [
  { id: 1, image: "/images/home/gallery-1.svg", alt: "White sterilizer on a bathroom shelf beside a green plant" },
  { id: 2, image: "/images/home/gallery-2.svg", alt: "Blue sterilizer packed in a travel bag with a passport" },
  { id: 3, image: "/images/home/gallery-3.svg", alt: "Pink sterilizer with a child's toothbrush and a rubber duck" },
  { id: 4, image: "/images/home/gallery-4.svg", alt: "Black sterilizer on a desk next to a laptop and coffee" },
  { id: 5, image: "/images/home/gallery-5.svg", alt: "All four colours lined up on a mint background" },
  { id: 6, image: "/images/home/gallery-6.svg", alt: "Sterilizer glowing violet during a UVC cycle at night" },
  { id: 7, image: "/images/home/gallery-7.svg", alt: "Sterilizer charging by USB-C on a bedside table" },
  { id: 8, image: "/images/home/gallery-8.svg", alt: "Beach bag with a pink sterilizer, sunglasses and a hat" },
];

const aboutLinks: ContentLink[] = [
  { text: "About us", url: "/about" },
  { text: "UVC technology", url: "/technology" },
  { text: "Shop all products", url: "/shop" },
  { text: "UVC sterilizers", url: "/collections/sterilizers" },
  { text: "Accessories", url: "/collections/accessories" },
  { text: "Bundle deals", url: "/collections/bundles" },
  { text: "Blog", url: "/blog" },
];

const supportLinks: ContentLink[] = [
  { text: "Search products", url: "/search" },
  { text: "Our stores", url: "/stores" },
  { text: "Your cart", url: "/cart" },
  { text: "Warranty & returns", url: "/technology#warranty" },
  { text: "Delivery information", url: "/about#why-choose" },
  { text: "Email support", url: "mailto:hello@uvccare.vn" },
];

const socialLinks: SocialLinks = {
  facebook: "https://www.facebook.com/uvccare.vn",
  instagram: "https://www.instagram.com/uvccare.vn",
};

const aboutWhyChoose: string[] = [
  "Eliminates 99.9% of bacteria in a 3-minute cycle",
  "UVC-C light at 270–280nm: no chemicals, no residue",
  "Weighs only 35g and fits in a pocket",
  "30+ cycles per charge; recharges in about 2 hours",
  "Fits brush heads 10–15mm across, manual or electric",
  "2-year battery life, 12-month warranty and a 30-day money-back guarantee",
  "Free shipping on orders from {free_shipping_threshold}, cash on delivery",
];

const blogArticles: Article[] = [
  {
    id: 1,
    title: "How often should you replace your toothbrush?",
    excerpt: "What dentists recommend, and how keeping bristles clean between replacements helps.",
    category: "Oral care",
    status: "Coming soon",
    image: "/images/home/gallery-3.svg",
    image_alt: "Pink sterilizer with a child's toothbrush and a rubber duck",
    date: "December 2026",
  },
  {
    id: 2,
    title: "Packing a clean travel kit for Tết",
    excerpt: "A checklist for long bus rides, family visits and hotel bathrooms.",
    category: "Travel",
    status: "Coming soon",
    image: "/images/home/gallery-2.svg",
    image_alt: "Blue sterilizer packed in a travel bag with a passport",
    date: "January 2027",
  },
  {
    id: 3,
    title: "What 270–280nm UVC light actually does",
    excerpt: "The science behind UVC sterilization, explained without the jargon.",
    category: "Science",
    status: "Coming soon",
    image: "/images/home/gallery-6.svg",
    image_alt: "Sterilizer glowing violet during a UVC cycle at night",
    date: "February 2027",
  },
];


const technologySteps: Step[] = [
  {
    number: 1,
    title: "Cover the brush head",
    description:
      "Slide the sterilizer over a rinsed brush head, manual or electric, 10–15mm across. The cap surrounds the bristles on every side.",
  },
  {
    number: 2,
    title: "UVC-C light at 270–280nm",
    description:
      "Press the button once. LEDs inside the cap shine UVC-C light at 270–280nm onto every side of the bristles.",
  },
  {
    number: 3,
    title: "99.9% of bacteria eliminated",
    description:
      "UVC damages the DNA and RNA of bacteria so they cannot multiply. After 3 minutes the cycle ends and the light switches itself off.",
  },
];

const technologyBenefits: Benefit[] = [
  {
    id: 1,
    icon: "users",
    title: "For families",
    items: [
      "Four colours (white, black, blue, pink), so every brush has its owner",
      "No chemicals, sprays or tablets: only light, safe around children",
      "Brushes stay covered away from the damp bathroom air and each other",
      "The light stays inside the cap and stops by itself after 3 minutes",
    ],
    color: "mint-green",
  },
  {
    id: 2,
    icon: "plane",
    title: "For travellers",
    items: [
      "35g and pocket-sized: it fits any toiletry bag or carry-on",
      "30+ cycles per charge: a month away from home without the cable",
      "USB-C charging in about 2 hours, from a laptop, power bank or wall plug",
      "A covered, clean brush in hotel bathrooms, on night buses and on flights",
    ],
    color: "lavender",
  },
];

const technologySpecs: Spec[] = [
  { label: "Bacteria eliminated", value: "99.9%" },
  { label: "Cycle", value: "3 minutes, automatic switch-off" },
  { label: "UVC wavelength", value: "270–280nm (UVC-C)" },
  { label: "Weight", value: "35g" },
  { label: "Cycles per charge", value: "30+" },
  { label: "Charging time", value: "About 2 hours (USB-C)" },
  { label: "Battery life", value: "2 years" },
  { label: "Brush-head diameter", value: "10–15mm, manual or electric" },
];

const technologyWarranty: Indicator[] = [
  {
    id: 1,
    icon: "badge-check",
    title: "12-month warranty",
    description: "Any manufacturing defect in the first 12 months is repaired or replaced free of charge.",
    badge: "12 months",
  },
  {
    id: 2,
    icon: "rotate-ccw",
    title: "30-day money-back guarantee",
    description: "Not convinced? Return it within 30 days of delivery for a full refund.",
    badge: "30 days",
  },
  {
    id: 3,
    icon: "battery-charging",
    title: "A battery built for 2 years",
    description: "Rated for 2 years of daily cycles, with 30+ cycles on every charge.",
    badge: "2 years",
  },
];

export const contentDefaults = {
  home: {
    hero: {
      background_image: "/images/home/hero.svg",
      heading: "A cleaner toothbrush,",
      heading_highlight: "every single day",
      description:
        "The pocket-sized UVC sterilizer that eliminates 99.9% of bacteria on your brush head in just 3 minutes, at home or on the road.",
      sub_description: "Free delivery from {free_shipping_threshold} · Cash on delivery · 30-day money-back guarantee",
      button_text: "SHOP NOW",
      cta_text: "How it works",
    },
    brand_description: {
      background_image: "/images/home/lifestyle-bathroom.svg",
      heading: "Small enough for your pocket,",
      heading_highlight: "strong enough for the whole family",
      description:
        "We replace our toothbrushes every three months but rarely think about what grows on them in between. Our 35g sterilizer slips over any brush head and runs a 3-minute cycle of 270–280nm UVC light at the press of a button.",
      sub_description:
        "One USB-C charge of about 2 hours powers 30+ cycles: a month of daily use, backed by a 12-month warranty.",
      background_color: "#f0f7f7",
    },
    color_chooser: {
      heading: "Choose your colour",
      subtitle: "Four colours, one promise: a cleaner brush every morning. Give every family member their own.",
      color_1_name: "White",
      color_2_name: "Black",
      color_3_name: "Blue",
      color_4_name: "Pink",
      button_text: "Shop this colour",
    },
    how_it_works: {
      heading: "How it works",
      subtitle: "Three steps, three minutes, zero chemicals.",
      steps: homeSteps,
    },
    why_choose: {
      heading: "Why choose",
      heading_highlight: "UVC Care",
      description: "Proven UVC-C technology in a sterilizer that weighs less than your phone.",
      features: homeFeatures,
    },
    lifestyle_benefits: {
      heading: "Made for the way you live",
      description: "Whether you are packing school bags or boarding passes, a clean brush goes with you.",
      benefits: homeBenefits,
      background_image: "/images/home/lifestyle-travel.svg",
      lifestyle_heading: "Clean on the go",
      lifestyle_description:
        "From weekend trips to Đà Lạt to business flights to Singapore, your toothbrush comes home as clean as it left.",
      button_text: "Shop travel essentials",
    },
    testimonials: {
      heading: "Loved by families across Vietnam",
      subtitle: "Real routines from real customers.",
      testimonials: homeTestimonials,
    },
    trust_indicators: {
      heading: "Shop with confidence",
      indicators: homeIndicators,
    },
    instagram_gallery: {
      heading: "#UVCCareVN",
      subtitle: "Share your clean routine and tag @uvccare.vn for a chance to be featured.",
      button_text: "Follow us on Instagram",
      images: homeGallery,
    },
  },
  about: {
    intro: {
      title: "About UVC Care",
      description:
        "UVC Care makes portable UVC toothbrush sterilizers for families, travellers and anyone who cares about what goes into their mouth every morning and night.",
    },
    mission: {
      heading: "Our mission",
      description:
        "A toothbrush sits in a warm, damp bathroom between uses. Our mission is to make a germ-free brush an effortless daily habit for every home in Vietnam, without chemicals and without fuss.",
    },
    technology: {
      heading: "The technology",
      description:
        "Ultraviolet light in the UVC band, at 270–280nm, damages the DNA and RNA of bacteria and viruses so they cannot multiply. Our sterilizer surrounds the brush head with UVC LEDs and runs a 3-minute cycle that eliminates 99.9% of bacteria, then switches itself off.",
    },
    why_choose: {
      heading: "Why choose UVC Care",
      items: aboutWhyChoose,
    },
  },
  blog: {
    header: {
      heading: "The UVC Care Journal",
      description: "Brush-care tips, travel checklists and the science of clean. Our first articles are on their way.",
    },
    articles: {
      articles: blogArticles,
    },
  },
  technology: {
    hero: {
      heading: "The science of a",
      heading_highlight: "cleaner toothbrush",
      description:
        "Ultraviolet light in the UVC-C band has disinfected hospital rooms and drinking water for decades. We put it in a 35g cap that eliminates 99.9% of bacteria on your brush head in 3 minutes.",
      button_text: "SHOP NOW",
    },
    how_it_works: {
      heading: "How it works",
      subtitle: "One button, one 3-minute cycle, no chemicals and no heat.",
      steps: technologySteps,
    },
    benefits: {
      heading: "Made for families and travellers",
      description: "The same technology at home and on the road.",
      benefits: technologyBenefits,
    },
    specifications: {
      heading: "Specifications",
      description: "Everything inside a sterilizer smaller than your palm.",
      specs: technologySpecs,
    },
    warranty: {
      heading: "Warranty and guarantee",
      description:
        "Every sterilizer is covered for 12 months. Contact us with your order number and we arrange the repair or replacement; delivery is on us.",
      indicators: technologyWarranty,
    },
    manual: {
      heading: "User manual",
      description:
        "Charging, daily use, care and safety instructions, and the full specifications: download the user manual as a PDF.",
      button_text: "Download the user manual (PDF)",
      manual_url: MANUAL_PDF_URL.en,
    },
    cta: {
      heading: "Ready for a cleaner brush?",
      description: "Free delivery from {free_shipping_threshold}, cash on delivery and a 30-day money-back guarantee.",
      button_text: "SHOP NOW",
    },
  },
  footer: {
    brand: {
      tagline: "Portable UVC toothbrush sterilizers for Vietnamese families and travellers.",
    },
    newsletter: {
      newsletter_heading: "Get 10% off your first order",
      newsletter_description: "Join our newsletter for brush-care tips, new colours and your 10% welcome code.",
      button_text: "JOIN",
    },
    links: {
      about_links: aboutLinks,
      support_links: supportLinks,
    },
    contact: {
      support_hours: "Mon–Sat, 8:00–20:00 (GMT+7)",
      support_email: "hello@uvccare.vn",
      button_text: "CONTACT US",
      social_links: socialLinks,
    },
    bottom: {
      copyright: "© {year} UVC Care. All rights reserved.",
    },
  },
  top_bar: {
    announcement: {
      text: "Free delivery on orders from {free_shipping_threshold} · Cash on delivery nationwide",
      background_color: "#222f38",
    },
  },
};

export type ContentDefaults = typeof contentDefaults;
export type PageName = keyof ContentDefaults;
export type SectionKey<P extends PageName> = Extract<keyof ContentDefaults[P], string>;
export type SectionContent<P extends PageName, S extends SectionKey<P>> = ContentDefaults[P][S];

export const pageNames = Object.keys(contentDefaults) as PageName[];

export function isPageName(value: string): value is PageName {
  return Object.hasOwn(contentDefaults, value);
}
