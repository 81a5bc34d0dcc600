import { Card, Flex, Heading, Text } from "@chakra-ui/react";
import { valibotResolver } from "@hookform/resolvers/valibot";
import type { ReactNode } from "react";
import { type DefaultValues, type FieldValues, useForm } from "react-hook-form";
import type * as v from "valibot";
import { useHydratedForm } from "@/components/forms/form";
import { LanguageToggle } from "@/components/layout/navbar";
import { Wordmark } from "@/components/layout/wordmark";

/**
 * The card of the sign-in and password pages: the language toggle (a member may not read the language
 * the link opened in), the wordmark, the page's heading and a line under it.
 */
export function AuthCard({ title, intro, children }: { title: ReactNode; intro: ReactNode; children: ReactNode }) {
  return (
    <Card.Root w="full" maxW="md" shadow="lg" rounded="card">
      <Card.Header gap="4" alignItems="center" textAlign="center">
        <Flex alignSelf="stretch" justify="flex-end" mb="-2">
          <LanguageToggle />
        </Flex>
        <Wordmark />
        <Heading as="h1" fontSize="2xl">
          {title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {intro}
        </Text>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

/**
 * The state of a sign-in or password form: react-hook-form checked by its valibot schema, and the
 * attributes that hold a submission made before hydration (`useHydratedForm`).
 */
export function useAuthForm<T extends FieldValues>(schema: v.GenericSchema<T>, defaultValues: DefaultValues<T>) {
  const hydration = useHydratedForm();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<T>({ resolver: valibotResolver(schema), defaultValues });
  return { hydration, register, handleSubmit, errors };
}
