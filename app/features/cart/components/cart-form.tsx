import type { FormEvent, ReactNode } from "react";
import { useI18n } from "~/lib/i18n/i18n-context";
import { postCart, type CartPostAnswer } from "../cart-client";
import { announceCartChange } from "../cart-store";

export type CartIntent = "add" | "set-quantity" | "remove" | "acknowledge-price";

interface CartFormProps {
  intent: CartIntent;
  productId: number;
  /** The buttons and fields (a submit button may carry its own name and value, e.g. quantity). */
  children: ReactNode;
  className?: string;
  /**
   * As the post leaves, with the fields it sends (for an optimistic display) and the button that
   * sent it; what it returns is called with the server's answer.
   */
  onPost?: (fields: FormData, submitter: HTMLElement | null) => ((answer: CartPostAnswer) => void) | void;
}

/**
 * A change to the cart as a real form: posted to /cart, it works before and without JavaScript
 * (the server answers with a redirect to the cart). Once React is running the same form is sent
 * in the background instead, and the page stays where it is.
 */
export function CartForm({ intent, productId, children, className, onPost }: CartFormProps) {
  const { href } = useI18n();
  const enhance = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const fields = new FormData(event.currentTarget, submitter);
    const done = onPost?.(fields, submitter);
    void postCart(fields).then((answer) => {
      done?.(answer);
      announceCartChange();
    });
  };
  return (
    <form method="post" action={href("/cart")} onSubmit={enhance} className={className}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="productId" value={productId} />
      {children}
    </form>
  );
}
