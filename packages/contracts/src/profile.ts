import { z } from 'zod';
import { defineRoute } from './route.js';
import { organizationSummarySchema, sessionUserSchema } from './auth.js';

/** Profile pictures and organisation logos (spec 3 §7 Profile). */
export const PROFILE_IMAGE = {
  /** Largest file accepted, in bytes ("5 MB"). */
  maxBytes: 5 * 1024 * 1024,
  /** Stored as a square of this many pixels, cropped to cover. */
  size: 256,
  /** Multipart field that carries the file. */
  field: 'file',
  /** What the file picker offers; the server decides by the bytes, not by this list. */
  accept: 'image/*,.bmp,.avif,.heic,.tif,.tiff',
  /**
   * Under /api/v1. Images are served with a signed query (?v&exp&token) an <img> can carry,
   * never from a public path: the signature names the image, so a replaced or removed picture
   * stops being served at once.
   */
  path: '/profile-images/:owner/:id',
  owners: ['user', 'organization'] as const,
} as const;
export type ImageOwner = (typeof PROFILE_IMAGE.owners)[number];

/** Texts of the profile area; server and web use these constants. Spec 3 §8 fixes the first. */
export const PROFILE_MESSAGES = {
  updateOrganizationFailed: 'Updating Organization failed with the provided data',
  updateProfileFailed: 'Updating your profile failed',
  notAnImage: 'Please upload an image file (JPEG, PNG, WebP, GIF, BMP, TIFF or AVIF)',
  tooLarge: 'The image is larger than 5 MB. Please choose a smaller one',
  noFile: 'Please choose an image to upload',
  imageTooManyPixels: 'The image is too large to process. Please choose a smaller one',
  imageNotFound: 'Image not found',
  imageLinkInvalid: 'This image link is not valid or has expired',
  pictureUpdated: 'Profile picture updated',
  pictureRemoved: 'Profile picture removed',
  logoUpdated: 'Organization logo updated',
  logoRemoved: 'Organization logo removed',
} as const;

const name = (label: string) =>
  z
    .string()
    .trim()
    .min(1, `Please enter ${label}`)
    .max(100, `${label[0]?.toUpperCase()}${label.slice(1)} may be at most 100 characters`);

/**
 * What a user may change about themselves. Role and position are set by whoever manages the
 * organisation's users: the position decides menus (sales rep, talent pool), so it is not
 * self-service.
 */
export const updateProfileBody = z.object({
  firstName: name('your first name'),
  lastName: z.string().trim().max(100, 'Your last name may be at most 100 characters'),
});
export type UpdateProfileBody = z.infer<typeof updateProfileBody>;

export const updateOrganizationProfileBody = z.object({
  name: z
    .string()
    .trim()
    .min(1, 'Please enter the organization name')
    .max(120, 'The organization name may be at most 120 characters'),
});

export const THEME_CHOICES = ['light', 'dark', 'system'] as const;
export const themeChoiceSchema = z.enum(THEME_CHOICES);
export type ThemeChoice = z.infer<typeof themeChoiceSchema>;

/** A user's own preferences, kept with the account so they follow the user between devices. */
export const userSettingsSchema = z.object({
  /** Null until the user picks one; the device's choice (default light) applies meanwhile. */
  theme: themeChoiceSchema.nullable(),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;
export const DEFAULT_USER_SETTINGS: UserSettings = { theme: null };
export const updateUserSettingsBody = userSettingsSchema.partial().strict();

export const organizationProfileSchema = organizationSummarySchema;

/**
 * What the point of contact decides for the whole organisation's analysis. Emotion inference
 * can be switched off: the EU AI Act (art. 5(1)(f)) bans inferring emotions in workplaces and
 * education, so an organisation there must be able to have none computed at all.
 */
export const organizationSettingsSchema = z.object({
  emotionInference: z.boolean(),
});
export type OrganizationSettings = z.infer<typeof organizationSettingsSchema>;
export const updateOrganizationSettingsBody = organizationSettingsSchema.partial().strict();
export type UpdateOrganizationSettingsBody = z.infer<typeof updateOrganizationSettingsBody>;
export type OrganizationProfile = z.infer<typeof organizationProfileSchema>;

export const profileRoutes = {
  getUser: defineRoute({
    method: 'GET',
    path: '/user',
    summary: 'The signed-in user’s own profile',
    tags: ['profile'],
    auth: true,
    permission: 'profile.own',
    response: sessionUserSchema,
  }),
  updateUser: defineRoute({
    method: 'PATCH',
    path: '/user',
    summary: 'Change the signed-in user’s own name',
    tags: ['profile'],
    auth: true,
    permission: 'profile.own',
    body: updateProfileBody,
    response: sessionUserSchema,
  }),
  uploadUserImage: defineRoute({
    method: 'POST',
    path: '/user/image',
    summary: 'Set the own profile picture (multipart: file; any common image format, ≤ 5 MB)',
    tags: ['profile'],
    auth: true,
    permission: 'profile.own',
    response: sessionUserSchema,
  }),
  deleteUserImage: defineRoute({
    method: 'POST',
    path: '/user/deleteimage',
    summary: 'Remove the own profile picture',
    tags: ['profile'],
    auth: true,
    permission: 'profile.own',
    response: sessionUserSchema,
  }),
  getSettings: defineRoute({
    method: 'GET',
    path: '/user/settings',
    summary: 'The signed-in user’s settings',
    tags: ['profile'],
    auth: true,
    permission: 'profile.own',
    response: userSettingsSchema,
  }),
  updateSettings: defineRoute({
    method: 'PATCH',
    path: '/user/settings',
    summary: 'Change some of the signed-in user’s settings',
    tags: ['profile'],
    auth: true,
    permission: 'profile.own',
    body: updateUserSettingsBody,
    response: userSettingsSchema,
  }),
  getOrganization: defineRoute({
    method: 'GET',
    path: '/organization',
    summary: 'The caller’s own organisation profile',
    tags: ['profile'],
    auth: true,
    permission: 'profile.own',
    response: organizationProfileSchema,
  }),
  updateOrganization: defineRoute({
    method: 'PATCH',
    path: '/organization',
    summary: 'Rename the caller’s own organisation (point of contact)',
    tags: ['profile'],
    auth: true,
    permission: 'organization.manage',
    body: updateOrganizationProfileBody,
    response: organizationProfileSchema,
  }),
  getOrganizationSettings: defineRoute({
    method: 'GET',
    path: '/organization/settings',
    summary: 'The own organisation’s analysis settings (point of contact)',
    tags: ['profile'],
    auth: true,
    permission: 'organization.manage',
    response: organizationSettingsSchema,
  }),
  updateOrganizationSettings: defineRoute({
    method: 'PATCH',
    path: '/organization/settings',
    summary: 'Change the own organisation’s analysis settings, e.g. switch emotion inference off',
    tags: ['profile'],
    auth: true,
    permission: 'organization.manage',
    body: updateOrganizationSettingsBody,
    response: organizationSettingsSchema,
  }),
  uploadOrganizationImage: defineRoute({
    method: 'POST',
    path: '/organization/image',
    summary: 'Set the own organisation’s logo (multipart: file; point of contact)',
    tags: ['profile'],
    auth: true,
    permission: 'organization.manage',
    response: organizationProfileSchema,
  }),
  deleteOrganizationImage: defineRoute({
    method: 'POST',
    path: '/organization/deleteimage',
    summary: 'Remove the own organisation’s logo (point of contact)',
    tags: ['profile'],
    auth: true,
    permission: 'organization.manage',
    response: organizationProfileSchema,
  }),
} as const;
