
export type Json = string | number | boolean | null | { [key: string]: Json | undefined } | Json[]

export type Database = {
  
  "graphql_public": {
          Tables: {
            [_ in never]: never
          }
          Views: {
            [_ in never]: never
          }
          Functions: {
            "graphql":
{ Args: { "extensions"?: Json,"operationName"?: string,"query"?: string,"variables"?: Json }; Returns: Json
                           }
          }
          Enums: {
            [_ in never]: never
          }
          CompositeTypes: {
            [_ in never]: never
          }
        },"public": {
          Tables: {
            "notes": {
                  Row: {
                    "body": string,"created_at": string,"id": string,"team_id": string | null,"title": string,"updated_at": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "body"?: string,"created_at"?: string,"id"?: string,"team_id"?: string | null,"title": string,"updated_at"?: string,"user_id"?: string
                  }
                  Update: {
                    "body"?: string,"created_at"?: string,"id"?: string,"team_id"?: string | null,"title"?: string,"updated_at"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "notes_team_id_fkey"
      columns: ["team_id"]
isOneToOne: false
      referencedRelation: "teams"
      referencedColumns: ["id"]
    }
                  ]
                },"sign_in_attempts": {
                  Row: {
                    "failures": number,"locked_until": string | null,"lockouts": number,"subject": string,"updated_at": string,"window_started_at": string
                  }
                  ComputedFields: never
                  Insert: {
                    "failures"?: number,"locked_until"?: string | null,"lockouts"?: number,"subject": string,"updated_at"?: string,"window_started_at"?: string
                  }
                  Update: {
                    "failures"?: number,"locked_until"?: string | null,"lockouts"?: number,"subject"?: string,"updated_at"?: string,"window_started_at"?: string
                  }
                  Relationships: [
                    
                  ]
                },"team_invitations": {
                  Row: {
                    "accepted_at": string | null,"accepted_by": string | null,"created_at": string,"declined_at": string | null,"email": string,"expires_at": string,"id": string,"invited_by": string | null,"last_sent_at": string,"revoked_at": string | null,"role": Database["public"]['Enums']["team_role"],"team_id": string,"token_hash": string
                  }
                  ComputedFields: never
                  Insert: {
                    "accepted_at"?: string | null,"accepted_by"?: string | null,"created_at"?: string,"declined_at"?: string | null,"email": string,"expires_at": string,"id"?: string,"invited_by"?: string | null,"last_sent_at"?: string,"revoked_at"?: string | null,"role": Database["public"]['Enums']["team_role"],"team_id": string,"token_hash": string
                  }
                  Update: {
                    "accepted_at"?: string | null,"accepted_by"?: string | null,"created_at"?: string,"declined_at"?: string | null,"email"?: string,"expires_at"?: string,"id"?: string,"invited_by"?: string | null,"last_sent_at"?: string,"revoked_at"?: string | null,"role"?: Database["public"]['Enums']["team_role"],"team_id"?: string,"token_hash"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "team_invitations_team_id_fkey"
      columns: ["team_id"]
isOneToOne: false
      referencedRelation: "teams"
      referencedColumns: ["id"]
    }
                  ]
                },"team_members": {
                  Row: {
                    "joined_at": string,"role": Database["public"]['Enums']["team_role"],"team_id": string,"user_id": string
                  }
                  ComputedFields: never
                  Insert: {
                    "joined_at"?: string,"role"?: Database["public"]['Enums']["team_role"],"team_id": string,"user_id": string
                  }
                  Update: {
                    "joined_at"?: string,"role"?: Database["public"]['Enums']["team_role"],"team_id"?: string,"user_id"?: string
                  }
                  Relationships: [
                    {
      foreignKeyName: "team_members_team_id_fkey"
      columns: ["team_id"]
isOneToOne: false
      referencedRelation: "teams"
      referencedColumns: ["id"]
    }
                  ]
                },"teams": {
                  Row: {
                    "created_at": string,"id": string,"name": string,"slug": string
                  }
                  ComputedFields: never
                  Insert: {
                    "created_at"?: string,"id"?: string,"name": string,"slug": string
                  }
                  Update: {
                    "created_at"?: string,"id"?: string,"name"?: string,"slug"?: string
                  }
                  Relationships: [
                    
                  ]
                }
          }
          Views: {
            [_ in never]: never
          }
          Functions: {
            "accept_team_invitation":
{ Args: { "p_invitation_id"?: string,"p_token"?: string }; Returns: string
                           },
"account_deletion_blockers":
{ Args: Record<PropertyKey, never>; Returns: {
              "team_name": string,"team_slug": string
            }[]
                           },
"account_note_file_names":
{ Args: Record<PropertyKey, never>; Returns: string[]
                           },
"create_team":
{ Args: { "p_name": string,"p_slug": string }; Returns: {
              "created_at": string,
"id": string,
"name": string,
"slug": string
            }
                          SetofOptions: {
        from: "*"
        to: "teams"
        isOneToOne: true
        isSetofReturn: false
      } },
"decline_team_invitation":
{ Args: { "p_invitation_id": string }; Returns: undefined
                           },
"end_my_other_sessions":
{ Args: Record<PropertyKey, never>; Returns: number
                           },
"end_my_session":
{ Args: { "session_id": string }; Returns: boolean
                           },
"invite_to_team":
{ Args: { "p_email": string,"p_locale": string,"p_role": Database["public"]['Enums']["team_role"],"p_team_id": string }; Returns: {
              "invitation_id": string,"locale": string,"token": string
            }[]
                           },
"list_my_sessions":
{ Args: Record<PropertyKey, never>; Returns: {
              "aal": string,"created_at": string,"id": string,"ip": string,"is_current": boolean,"not_after": string,"refreshed_at": string,"updated_at": string,"user_agent": string
            }[]
                           },
"my_team_invitations":
{ Args: Record<PropertyKey, never>; Returns: {
              "expires_at": string,"invitation_id": string,"role": Database["public"]['Enums']["team_role"],"team_name": string,"team_slug": string
            }[]
                           },
"resend_team_invitation":
{ Args: { "p_invitation_id": string,"p_locale": string }; Returns: {
              "invitation_id": string,"locale": string,"token": string
            }[]
                           },
"revoke_team_invitation":
{ Args: { "p_invitation_id": string }; Returns: undefined
                           },
"sign_in_attempt_check":
{ Args: { "p_account": string,"p_ip": string,"p_kind": string }; Returns: string
                           },
"sign_in_attempt_record":
{ Args: { "p_account": string,"p_ip": string,"p_kind": string,"p_valid": boolean }; Returns: string
                           },
"sign_in_device_pass":
{ Args: { "p_account": string,"p_device": string,"p_ip": string,"p_kind": string }; Returns: undefined
                           },
"sign_in_failed":
{ Args: { "p_first_lock_seconds": number,"p_max_failures": number,"p_max_lock_seconds": number,"p_subject": string,"p_window_seconds": number }; Returns: string
                           },
"sign_in_locked_until":
{ Args: { "p_subject": string }; Returns: string
                           },
"sign_in_succeeded":
{ Args: { "p_subject": string }; Returns: undefined
                           },
"team_invitation_preview":
{ Args: { "p_token": string }; Returns: {
              "email": string,"expires_at": string,"invitation_id": string,"role": Database["public"]['Enums']["team_role"],"status": string,"team_name": string,"team_slug": string
            }[]
                           },
"team_member_list":
{ Args: { "p_team_id": string }; Returns: {
              "display_name": string,"email": string,"joined_at": string,"role": Database["public"]['Enums']["team_role"],"user_id": string
            }[]
                           },
"team_note_file_names":
{ Args: { "p_slug": string,"p_team_id": string }; Returns: string[]
                           },
"transfer_team_ownership":
{ Args: { "p_team_id": string,"p_user_id": string }; Returns: undefined
                           }
          }
          Enums: {
            "team_role": "owner"|"admin"|"member"
          }
          CompositeTypes: {
            [_ in never]: never
          }
        }
}

type DatabaseWithoutInternals = Omit<Database, '__InternalSupabase'>

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
  ? (DefaultSchema["Tables"] & DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
      Row: infer R
    }
    ? R
    : never
  : never

export type TablesInsert<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Insert: infer I
    }
    ? I
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Insert: infer I
    }
    ? I
    : never
  : never

export type TablesUpdate<
  DefaultSchemaTableNameOrOptions extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"]
    : never = never
> = DefaultSchemaTableNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"][TableName] extends {
      Update: infer U
    }
    ? U
    : never
  : DefaultSchemaTableNameOrOptions extends keyof DefaultSchema["Tables"]
  ? DefaultSchema["Tables"][DefaultSchemaTableNameOrOptions] extends {
      Update: infer U
    }
    ? U
    : never
  : never

export type Enums<
  DefaultSchemaEnumNameOrOptions extends
    | keyof DefaultSchema["Enums"]
    | { schema: keyof DatabaseWithoutInternals },
  EnumName extends DefaultSchemaEnumNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"]
    : never = never
> = DefaultSchemaEnumNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[DefaultSchemaEnumNameOrOptions["schema"]]["Enums"][EnumName]
  : DefaultSchemaEnumNameOrOptions extends keyof DefaultSchema["Enums"]
  ? DefaultSchema["Enums"][DefaultSchemaEnumNameOrOptions]
  : never

export type CompositeTypes<
  PublicCompositeTypeNameOrOptions extends
    | keyof DefaultSchema["CompositeTypes"]
    | { schema: keyof DatabaseWithoutInternals },
  CompositeTypeName extends PublicCompositeTypeNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"]
    : never = never
> = PublicCompositeTypeNameOrOptions extends { schema: keyof DatabaseWithoutInternals }
  ? DatabaseWithoutInternals[PublicCompositeTypeNameOrOptions["schema"]]["CompositeTypes"][CompositeTypeName]
  : PublicCompositeTypeNameOrOptions extends keyof DefaultSchema["CompositeTypes"]
  ? DefaultSchema["CompositeTypes"][PublicCompositeTypeNameOrOptions]
  : never

export const Constants = {
  "graphql_public": {
          Enums: {
            
          }
        },"public": {
          Enums: {
            "team_role": ["owner", "admin", "member"]
          }
        }
} as const
