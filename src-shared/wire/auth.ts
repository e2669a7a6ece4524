import { z } from 'zod';
import { idSchema } from './common';
import { roleSchema } from './enums';

export const tokenRequestSchema = z.object({
  email: z.string().trim().min(1, 'Email is required').max(254),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const tokenUserSchema = z.object({
  id: idSchema,
  email: z.string(),
  organizationId: idSchema,
  roles: z.array(roleSchema),
});
export type TokenUser = z.infer<typeof tokenUserSchema>;

export const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  /** Another HR service may send no refresh token; ours always sends one. */
  refresh_token: z.string().min(1).optional(),
  token_type: z.string(),
  expires_in: z.number().int().positive(),
  expires_at: z.number().int().positive(),
  user: tokenUserSchema,
});
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const refreshRequestSchema = z.object({
  refresh_token: z.string().min(1, 'refresh_token is required').max(512),
});
export type RefreshRequest = z.infer<typeof refreshRequestSchema>;

/** An HR service promises only `access_token`; ours adds a rotated `refresh_token`. */
export const refreshResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  token_type: z.string().optional(),
  expires_in: z.number().int().positive().optional(),
  expires_at: z.number().int().positive().optional(),
});
export type RefreshResponse = z.infer<typeof refreshResponseSchema>;

const newPasswordSchema = z.string().min(1, 'Choose a password').max(1024);
const oneTimeTokenSchema = z.string().trim().min(1, 'Paste the link or code you were sent').max(512);

/** Joining with an invitation (ext): the password chosen, and the invitation's token. */
export const acceptInvitationSchema = z.object({ token: oneTimeTokenSchema, password: newPasswordSchema });
export type AcceptInvitation = z.infer<typeof acceptInvitationSchema>;

/** One's own password changed (ext). */
export const passwordChangeSchema = z.object({
  currentPassword: z.string().min(1, 'Type your current password').max(1024),
  newPassword: newPasswordSchema,
});
export type PasswordChange = z.infer<typeof passwordChangeSchema>;

/** A reset link asked for (ext): the answer is the same whether or not the address is known. */
export const passwordForgotSchema = z.object({ email: z.string().trim().min(1, 'Type your email').max(254) });
export type PasswordForgot = z.infer<typeof passwordForgotSchema>;

/** A password set with a reset link's token (ext). */
export const passwordResetSchema = z.object({ token: oneTimeTokenSchema, password: newPasswordSchema });
export type PasswordReset = z.infer<typeof passwordResetSchema>;

/** The answer to a reset asked for: the same words whatever the address. */
export const passwordForgotAnswerSchema = z.object({ message: z.string() });
export type PasswordForgotAnswer = z.infer<typeof passwordForgotAnswerSchema>;
