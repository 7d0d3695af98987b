import { z } from "zod";
import { userRoleValues } from "~/db/schema/auth";
import { characterKinds, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./auth.schema";

/** Staff management forms (the owner's /admin/staff) and the invitation page, shared with the browser. */

export const INVITATION_DAYS = 7;

const roleSchema = z.enum(userRoleValues, { error: "Vui lòng chọn vai trò" });

/** An e-mail address as the console stores it: trimmed, lower case (so comparing ignores case). */
const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, "Vui lòng nhập email")
  .max(254, "Email quá dài")
  .pipe(z.email("Email không hợp lệ"));

export const inviteStaffSchema = z.object({ email: emailSchema, role: roleSchema });
export type InviteStaffInput = z.infer<typeof inviteStaffSchema>;

export const changeRoleSchema = z.object({ userId: z.string().min(1, "Thiếu nhân viên"), role: roleSchema });
export const staffMemberSchema = z.object({ userId: z.string().min(1, "Thiếu nhân viên") });
export const invitationIdSchema = z.object({ invitationId: z.uuid("Lời mời không hợp lệ") });

/**
 * The invitee's e-mail (the one invited: the link alone is not enough, issue 30), name and new
 * password: the same rule as every console password (auth.schema).
 */
export const acceptInvitationSchema = z
  .object({
    email: emailSchema,
    name: z.string().trim().min(1, "Vui lòng nhập họ tên").max(100, "Họ tên quá dài"),
    password: z
      .string()
      .min(PASSWORD_MIN_LENGTH, `Mật khẩu cần ít nhất ${PASSWORD_MIN_LENGTH} ký tự`)
      .max(PASSWORD_MAX_LENGTH, `Mật khẩu tối đa ${PASSWORD_MAX_LENGTH} ký tự`)
      .refine(
        (password) => characterKinds(password) >= 2,
        "Mật khẩu cần ít nhất hai loại ký tự: chữ thường, chữ hoa, chữ số, ký hiệu",
      ),
    passwordConfirm: z.string(),
  })
  .refine((value) => value.password === value.passwordConfirm, {
    path: ["passwordConfirm"],
    message: "Mật khẩu nhập lại không khớp",
  });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;
