/**
 * The parts of Chakra's default theme this site uses, imported file by file. Importing them from
 * "@chakra-ui/react/theme" would pull the whole default theme (every recipe) into every page,
 * because that module builds the full default config when it loads. "@chakra-theme/*" is a path
 * alias to Chakra's own theme files (vite.config.ts, tsconfig.json).
 *
 * Add a recipe here when you start using a component that is not listed: without it the component
 * renders unstyled.
 */
import { breakpoints } from "@chakra-theme/breakpoints.js";
import { globalCss } from "@chakra-theme/global-css.js";
import { layerStyles } from "@chakra-theme/layer-styles.js";
import { animationStyles } from "@chakra-theme/motion-styles.js";
import { textStyles } from "@chakra-theme/text-styles.js";
import { semanticColors } from "@chakra-theme/semantic-tokens/colors.js";
import { semanticRadii } from "@chakra-theme/semantic-tokens/radii.js";
import { semanticShadows } from "@chakra-theme/semantic-tokens/shadows.js";
import { animations } from "@chakra-theme/tokens/animations.js";
import { aspectRatios } from "@chakra-theme/tokens/aspect-ratios.js";
import { blurs } from "@chakra-theme/tokens/blurs.js";
import { borders } from "@chakra-theme/tokens/borders.js";
import { colors } from "@chakra-theme/tokens/colors.js";
import { cursor } from "@chakra-theme/tokens/cursor.js";
import { durations } from "@chakra-theme/tokens/durations.js";
import { easings } from "@chakra-theme/tokens/easings.js";
import { fontSizes } from "@chakra-theme/tokens/font-sizes.js";
import { fontWeights } from "@chakra-theme/tokens/font-weights.js";
import { fonts } from "@chakra-theme/tokens/fonts.js";
import { keyframes } from "@chakra-theme/tokens/keyframes.js";
import { letterSpacings } from "@chakra-theme/tokens/letter-spacing.js";
import { lineHeights } from "@chakra-theme/tokens/line-heights.js";
import { radii } from "@chakra-theme/tokens/radius.js";
import { sizes } from "@chakra-theme/tokens/sizes.js";
import { spacing } from "@chakra-theme/tokens/spacing.js";
import { zIndices } from "@chakra-theme/tokens/z-indices.js";
import { badgeRecipe } from "@chakra-theme/recipes/badge.js";
import { buttonRecipe } from "@chakra-theme/recipes/button.js";
import { checkmarkRecipe } from "@chakra-theme/recipes/checkmark.js";
import { containerRecipe } from "@chakra-theme/recipes/container.js";
import { headingRecipe } from "@chakra-theme/recipes/heading.js";
import { iconRecipe } from "@chakra-theme/recipes/icon.js";
import { inputRecipe } from "@chakra-theme/recipes/input.js";
import { inputAddonRecipe } from "@chakra-theme/recipes/input-addon.js";
import { linkRecipe } from "@chakra-theme/recipes/link.js";
import { radiomarkRecipe } from "@chakra-theme/recipes/radiomark.js";
import { separatorRecipe } from "@chakra-theme/recipes/separator.js";
import { skeletonRecipe } from "@chakra-theme/recipes/skeleton.js";
import { spinnerRecipe } from "@chakra-theme/recipes/spinner.js";
import { textareaRecipe } from "@chakra-theme/recipes/textarea.js";
import { accordionSlotRecipe } from "@chakra-theme/recipes/accordion.js";
import { alertSlotRecipe } from "@chakra-theme/recipes/alert.js";
import { cardSlotRecipe } from "@chakra-theme/recipes/card.js";
import { carouselSlotRecipe } from "@chakra-theme/recipes/carousel.js";
import { checkboxSlotRecipe } from "@chakra-theme/recipes/checkbox.js";
import { collapsibleSlotRecipe } from "@chakra-theme/recipes/collapsible.js";
import { datePickerSlotRecipe } from "@chakra-theme/recipes/date-picker.js";
import { dialogSlotRecipe } from "@chakra-theme/recipes/dialog.js";
import { drawerSlotRecipe } from "@chakra-theme/recipes/drawer.js";
import { emptyStateSlotRecipe } from "@chakra-theme/recipes/empty-state.js";
import { fieldSlotRecipe } from "@chakra-theme/recipes/field.js";
import { fieldsetSlotRecipe } from "@chakra-theme/recipes/fieldset.js";
import { fileUploadSlotRecipe } from "@chakra-theme/recipes/file-upload.js";
import { listSlotRecipe } from "@chakra-theme/recipes/list.js";
import { menuSlotRecipe } from "@chakra-theme/recipes/menu.js";
import { nativeSelectSlotRecipe } from "@chakra-theme/recipes/native-select.js";
import { popoverSlotRecipe } from "@chakra-theme/recipes/popover.js";
import { progressSlotRecipe } from "@chakra-theme/recipes/progress.js";
import { progressCircleSlotRecipe } from "@chakra-theme/recipes/progress-circle.js";
import { radioCardSlotRecipe } from "@chakra-theme/recipes/radio-card.js";
import { radioGroupSlotRecipe } from "@chakra-theme/recipes/radio-group.js";
import { segmentGroupSlotRecipe } from "@chakra-theme/recipes/segment-group.js";
import { selectSlotRecipe } from "@chakra-theme/recipes/select.js";
import { statSlotRecipe } from "@chakra-theme/recipes/stat.js";
import { switchSlotRecipe } from "@chakra-theme/recipes/switch.js";
import { tableSlotRecipe } from "@chakra-theme/recipes/table.js";
import { tabsSlotRecipe } from "@chakra-theme/recipes/tabs.js";
import { tagSlotRecipe } from "@chakra-theme/recipes/tag.js";
import { toastSlotRecipe } from "@chakra-theme/recipes/toast.js";
import { tooltipSlotRecipe } from "@chakra-theme/recipes/tooltip.js";

/** Only the palettes we use, so pages carry fewer CSS variables. */
const KEEP = new Set([
  "transparent",
  "current",
  "black",
  "white",
  "whiteAlpha",
  "blackAlpha",
  "gray",
  "red",
  "orange",
  "green",
  "blue",
  "bg",
  "fg",
  "border",
]);
const pick = <T extends object>(o: T): T => Object.fromEntries(Object.entries(o).filter(([k]) => KEEP.has(k))) as T;

export const chakraTheme = {
  globalCss,
  breakpoints,
  keyframes,
  textStyles,
  layerStyles,
  animationStyles,
  tokens: {
    aspectRatios,
    animations,
    blurs,
    borders,
    colors: pick(colors),
    durations,
    easings,
    fonts,
    fontSizes,
    fontWeights,
    letterSpacings,
    lineHeights,
    radii,
    spacing,
    sizes,
    zIndex: zIndices,
    cursor,
  },
  semanticTokens: { colors: pick(semanticColors), shadows: semanticShadows, radii: semanticRadii },
  recipes: {
    badge: badgeRecipe,
    button: buttonRecipe,
    checkmark: checkmarkRecipe,
    container: containerRecipe,
    heading: headingRecipe,
    icon: iconRecipe,
    input: inputRecipe,
    inputAddon: inputAddonRecipe,
    link: linkRecipe,
    radiomark: radiomarkRecipe,
    separator: separatorRecipe,
    skeleton: skeletonRecipe,
    spinner: spinnerRecipe,
    textarea: textareaRecipe,
  },
  slotRecipes: {
    accordion: accordionSlotRecipe,
    alert: alertSlotRecipe,
    card: cardSlotRecipe,
    carousel: carouselSlotRecipe,
    checkbox: checkboxSlotRecipe,
    collapsible: collapsibleSlotRecipe,
    datePicker: datePickerSlotRecipe,
    dialog: dialogSlotRecipe,
    drawer: drawerSlotRecipe,
    emptyState: emptyStateSlotRecipe,
    field: fieldSlotRecipe,
    fieldset: fieldsetSlotRecipe,
    fileUpload: fileUploadSlotRecipe,
    list: listSlotRecipe,
    menu: menuSlotRecipe,
    nativeSelect: nativeSelectSlotRecipe,
    popover: popoverSlotRecipe,
    progress: progressSlotRecipe,
    progressCircle: progressCircleSlotRecipe,
    radioCard: radioCardSlotRecipe,
    radioGroup: radioGroupSlotRecipe,
    segmentGroup: segmentGroupSlotRecipe,
    select: selectSlotRecipe,
    stat: statSlotRecipe,
    switch: switchSlotRecipe,
    table: tableSlotRecipe,
    tabs: tabsSlotRecipe,
    tag: tagSlotRecipe,
    toast: toastSlotRecipe,
    tooltip: tooltipSlotRecipe,
  },
};
