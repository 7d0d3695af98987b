/** The first words of a sign-up answer. Its own module (no zod) so the storefront form can use it. */
export function newsletterIntro(status: "subscribed" | "already_subscribed"): string {
  return status === "subscribed" ? "Thanks for subscribing!" : "You are already on our list.";
}
