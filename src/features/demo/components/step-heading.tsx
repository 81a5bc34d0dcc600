import { Heading, type HeadingProps } from "@chakra-ui/react";

/**
 * The heading of a demo step. Each step is a screen of its own, so its title is the page's h1; the page
 * moves focus here when the step changes so screen readers announce the new step.
 */
export function StepHeading(props: HeadingProps) {
  return (
    <Heading
      as="h1"
      tabIndex={-1}
      fontSize={{ base: "2xl", md: "3xl" }}
      lineHeight="1.25"
      fontWeight="800"
      color="brand.950"
      _focus={{ outline: "none" }}
      {...props}
    />
  );
}
