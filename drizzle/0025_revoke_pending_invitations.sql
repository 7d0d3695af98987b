-- Issue 30 (decision 0043): before this upgrade every console member could read the invitation
-- links in the e-mail outbox. Every invitation not yet used is revoked (the owner sends it again
-- from "Nhân viên"); the links kept in the outbox lose their tokens, and the invitation e-mails
-- not sent yet are not sent.
UPDATE "staff_invitations" SET "revoked_at" = now() WHERE "accepted_at" IS NULL AND "revoked_at" IS NULL;
--> statement-breakpoint
UPDATE "email_outbox"
SET "status" = 'failed',
    "last_error" = 'Lời mời đã bị thu hồi khi nâng cấp: gửi lại lời mời ở trang Nhân viên'
WHERE "template" = 'staff_invitation' AND "status" = 'pending';
--> statement-breakpoint
UPDATE "email_outbox"
SET "body_text" = regexp_replace("body_text", '(/admin/invitation/)[A-Za-z0-9_-]+', '\1••••••', 'g'),
    "body_html" = regexp_replace("body_html", '(/admin/invitation/)[A-Za-z0-9_-]+', '\1••••••', 'g')
WHERE "template" = 'staff_invitation';
