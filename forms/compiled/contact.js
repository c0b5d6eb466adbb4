/* eslint-disable */
// Generated from forms/contact.schema.json (rules 72d49ea0eca77499) by npm run compile:validators. Do not edit.
"use strict";
import * as func2_module from "ajv/dist/runtime/ucs2length.js";
function runtimeDefault(ns) { const d = ns.default; return typeof d === "function" ? d : d.default; }
export const validate = validate13;
export default validate13;
const schema14 = {"$schema":"http://json-schema.org/draft-07/schema#","$id":"contact.schema.json","title":"contact.title","type":"object","additionalProperties":false,"required":["email","whatsApp","emergencyContacts"],"properties":{"email":{"title":"contact.email","type":"string","normalize":"email","maxLength":254,"format":"email"},"whatsApp":{"title":"contact.whatsApp","type":"string","normalize":"whatsApp","format":"ph-whatsapp"},"viber":{"title":"contact.viber","type":"string","normalize":"viber","format":"viber"},"facebookUsername":{"title":"contact.facebookUsername","type":"string","normalize":"facebookUsername","format":"facebook-username"},"emergencyContacts":{"title":"contact.emergencyContacts","type":"array","minItems":3,"maxItems":3,"uniqueBy":"/phone","items":{"$ref":"#/definitions/emergencyContact"}}},"definitions":{"emergencyContact":{"type":"object","additionalProperties":false,"required":["name","phone","relation"],"properties":{"name":{"title":"contact.contactName","type":"string","normalize":["noChinese","personName"],"format":"person-name"},"phone":{"title":"contact.contactPhone","type":"string","normalize":"phMobile","format":"ph-mobile"},"relation":{"title":"contact.relation","type":"string","enum":["parents","spouse","children","siblings","friends","relatives","other"]}}}}};
const schema15_0 = ["parents","spouse","children","siblings","friends","relatives","other"];
const formats0 = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/u;
const formats2 = /^09\d{9}$/u;
const formats4 = /^9\d{9}$/u;
const formats6 = /^(?=.{5,50}$)(?![0-9.]*$)(?!.*\.\.)(?!.*\.(?:com|net)(?:\.|$))[a-z0-9](?:[a-z0-9.]*[a-z0-9])?$/u;
const formats8 = /^(?=.{1,60}$)(?=.*[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF])[A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF.'\-]+(?: [A-Za-z\u00C0-\u00D6\u00D8-\u00F6\u00F8-\u024F\u1E00-\u1EFF.'\-]+)*$/u;
const formats10 = /^9\d{9}$/u;
const pattern1 = new RegExp("^\\s+|\\s+$", "gu");
const pattern2 = new RegExp("[\\s.()\\-\\u2010-\\u2015\\u2212]", "gu");
const pattern4 = new RegExp("^(?:\\+?63|0)(?=9\\d{9}$)", "gu");
const pattern6 = new RegExp("^@", "gu");
const pattern7 = new RegExp("[\\u2E80-\\u2FFF\\u3000-\\u302F\\u3031-\\u303C\\u303E\\u303F\\u31C0-\\u31EF\\u3400-\\u4DBF\\u4E00-\\u9FFF\\uF900-\\uFAFF\\uFE10-\\uFE1F\\uFE30-\\uFE4F\\uFF01-\\uFF60\\uFFE0-\\uFFE6\\u{20000}-\\u{3FFFF}]", "gu");
const pattern8 = new RegExp("[\\u2018\\u2019\\u02BC]", "gu");
const pattern9 = new RegExp("\\s+", "gu");
const func2 = runtimeDefault(func2_module);

function validate13(data, {instancePath="", parentData, parentDataProperty, rootData=data}={}){
/*# sourceURL="contact.schema.json" */;
let vErrors = null;
let errors = 0;
if(data && typeof data == "object" && !Array.isArray(data)){
if(data.email === undefined){
const err0 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "email"}};
if(vErrors === null){
vErrors = [err0];
}
else {
vErrors.push(err0);
}
errors++;
}
if(data.whatsApp === undefined){
const err1 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "whatsApp"}};
if(vErrors === null){
vErrors = [err1];
}
else {
vErrors.push(err1);
}
errors++;
}
if(data.emergencyContacts === undefined){
const err2 = {instancePath,schemaPath:"#/required",keyword:"required",params:{missingProperty: "emergencyContacts"}};
if(vErrors === null){
vErrors = [err2];
}
else {
vErrors.push(err2);
}
errors++;
}
for(const key0 in data){
if(!(((((key0 === "email") || (key0 === "whatsApp")) || (key0 === "viber")) || (key0 === "facebookUsername")) || (key0 === "emergencyContacts"))){
const err3 = {instancePath,schemaPath:"#/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key0}};
if(vErrors === null){
vErrors = [err3];
}
else {
vErrors.push(err3);
}
errors++;
}
}
if(data.email !== undefined){
let data0 = data.email;
if(typeof data0 === "string"){
data0 = data0.replace(pattern1, "");
if(data !== undefined){
data["email"] = data0;
}
if(func2(data0) > 254){
const err4 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/maxLength",keyword:"maxLength",params:{limit: 254}};
if(vErrors === null){
vErrors = [err4];
}
else {
vErrors.push(err4);
}
errors++;
}
if(!(formats0.test(data0))){
const err5 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/format",keyword:"format",params:{format: "email"}};
if(vErrors === null){
vErrors = [err5];
}
else {
vErrors.push(err5);
}
errors++;
}
}
else {
const err6 = {instancePath:instancePath+"/email",schemaPath:"#/properties/email/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err6];
}
else {
vErrors.push(err6);
}
errors++;
}
}
if(data.whatsApp !== undefined){
let data1 = data.whatsApp;
if(typeof data1 === "string"){
data1 = data1.replace(pattern2, "");
if(data !== undefined){
data["whatsApp"] = data1;
}
if(!(formats2.test(data1))){
const err7 = {instancePath:instancePath+"/whatsApp",schemaPath:"#/properties/whatsApp/format",keyword:"format",params:{format: "ph-whatsapp"}};
if(vErrors === null){
vErrors = [err7];
}
else {
vErrors.push(err7);
}
errors++;
}
}
else {
const err8 = {instancePath:instancePath+"/whatsApp",schemaPath:"#/properties/whatsApp/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err8];
}
else {
vErrors.push(err8);
}
errors++;
}
}
if(data.viber !== undefined){
let data2 = data.viber;
if(typeof data2 === "string"){
data2 = data2.replace(pattern2, "");
data2 = data2.replace(pattern4, "");
if(data !== undefined){
data["viber"] = data2;
}
if(!(formats4.test(data2))){
const err9 = {instancePath:instancePath+"/viber",schemaPath:"#/properties/viber/format",keyword:"format",params:{format: "viber"}};
if(vErrors === null){
vErrors = [err9];
}
else {
vErrors.push(err9);
}
errors++;
}
}
else {
const err10 = {instancePath:instancePath+"/viber",schemaPath:"#/properties/viber/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err10];
}
else {
vErrors.push(err10);
}
errors++;
}
}
if(data.facebookUsername !== undefined){
let data3 = data.facebookUsername;
if(typeof data3 === "string"){
data3 = data3.replace(pattern1, "");
data3 = data3.replace(pattern6, "");
data3 = data3.toLowerCase();
if(data !== undefined){
data["facebookUsername"] = data3;
}
if(!(formats6.test(data3))){
const err11 = {instancePath:instancePath+"/facebookUsername",schemaPath:"#/properties/facebookUsername/format",keyword:"format",params:{format: "facebook-username"}};
if(vErrors === null){
vErrors = [err11];
}
else {
vErrors.push(err11);
}
errors++;
}
}
else {
const err12 = {instancePath:instancePath+"/facebookUsername",schemaPath:"#/properties/facebookUsername/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err12];
}
else {
vErrors.push(err12);
}
errors++;
}
}
if(data.emergencyContacts !== undefined){
let data4 = data.emergencyContacts;
if(Array.isArray(data4)){
if(data4.length > 3){
const err13 = {instancePath:instancePath+"/emergencyContacts",schemaPath:"#/properties/emergencyContacts/maxItems",keyword:"maxItems",params:{limit: 3}};
if(vErrors === null){
vErrors = [err13];
}
else {
vErrors.push(err13);
}
errors++;
}
if(data4.length < 3){
const err14 = {instancePath:instancePath+"/emergencyContacts",schemaPath:"#/properties/emergencyContacts/minItems",keyword:"minItems",params:{limit: 3}};
if(vErrors === null){
vErrors = [err14];
}
else {
vErrors.push(err14);
}
errors++;
}
const len0 = data4.length;
for(let i0=0; i0<len0; i0++){
let data5 = data4[i0];
if(data5 && typeof data5 == "object" && !Array.isArray(data5)){
if(data5.name === undefined){
const err15 = {instancePath:instancePath+"/emergencyContacts/" + i0,schemaPath:"#/definitions/emergencyContact/required",keyword:"required",params:{missingProperty: "name"}};
if(vErrors === null){
vErrors = [err15];
}
else {
vErrors.push(err15);
}
errors++;
}
if(data5.phone === undefined){
const err16 = {instancePath:instancePath+"/emergencyContacts/" + i0,schemaPath:"#/definitions/emergencyContact/required",keyword:"required",params:{missingProperty: "phone"}};
if(vErrors === null){
vErrors = [err16];
}
else {
vErrors.push(err16);
}
errors++;
}
if(data5.relation === undefined){
const err17 = {instancePath:instancePath+"/emergencyContacts/" + i0,schemaPath:"#/definitions/emergencyContact/required",keyword:"required",params:{missingProperty: "relation"}};
if(vErrors === null){
vErrors = [err17];
}
else {
vErrors.push(err17);
}
errors++;
}
for(const key1 in data5){
if(!(((key1 === "name") || (key1 === "phone")) || (key1 === "relation"))){
const err18 = {instancePath:instancePath+"/emergencyContacts/" + i0,schemaPath:"#/definitions/emergencyContact/additionalProperties",keyword:"additionalProperties",params:{additionalProperty: key1}};
if(vErrors === null){
vErrors = [err18];
}
else {
vErrors.push(err18);
}
errors++;
}
}
if(data5.name !== undefined){
let data6 = data5.name;
if(typeof data6 === "string"){
data6 = data6.replace(pattern7, "");
data6 = data6.normalize("NFC");
data6 = data6.replace(pattern8, "'");
data6 = data6.replace(pattern9, " ");
data6 = data6.replace(pattern1, "");
if(data5 !== undefined){
data5["name"] = data6;
}
if(!(formats8.test(data6))){
const err19 = {instancePath:instancePath+"/emergencyContacts/" + i0+"/name",schemaPath:"#/definitions/emergencyContact/properties/name/format",keyword:"format",params:{format: "person-name"}};
if(vErrors === null){
vErrors = [err19];
}
else {
vErrors.push(err19);
}
errors++;
}
}
else {
const err20 = {instancePath:instancePath+"/emergencyContacts/" + i0+"/name",schemaPath:"#/definitions/emergencyContact/properties/name/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err20];
}
else {
vErrors.push(err20);
}
errors++;
}
}
if(data5.phone !== undefined){
let data7 = data5.phone;
if(typeof data7 === "string"){
data7 = data7.replace(pattern2, "");
data7 = data7.replace(pattern4, "");
if(data5 !== undefined){
data5["phone"] = data7;
}
if(!(formats10.test(data7))){
const err21 = {instancePath:instancePath+"/emergencyContacts/" + i0+"/phone",schemaPath:"#/definitions/emergencyContact/properties/phone/format",keyword:"format",params:{format: "ph-mobile"}};
if(vErrors === null){
vErrors = [err21];
}
else {
vErrors.push(err21);
}
errors++;
}
}
else {
const err22 = {instancePath:instancePath+"/emergencyContacts/" + i0+"/phone",schemaPath:"#/definitions/emergencyContact/properties/phone/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err22];
}
else {
vErrors.push(err22);
}
errors++;
}
}
if(data5.relation !== undefined){
let data8 = data5.relation;
if(typeof data8 !== "string"){
const err23 = {instancePath:instancePath+"/emergencyContacts/" + i0+"/relation",schemaPath:"#/definitions/emergencyContact/properties/relation/type",keyword:"type",params:{type: "string"}};
if(vErrors === null){
vErrors = [err23];
}
else {
vErrors.push(err23);
}
errors++;
}
if(!(((((((data8 === "parents") || (data8 === "spouse")) || (data8 === "children")) || (data8 === "siblings")) || (data8 === "friends")) || (data8 === "relatives")) || (data8 === "other"))){
const err24 = {instancePath:instancePath+"/emergencyContacts/" + i0+"/relation",schemaPath:"#/definitions/emergencyContact/properties/relation/enum",keyword:"enum",params:{allowedValues: schema15_0}};
if(vErrors === null){
vErrors = [err24];
}
else {
vErrors.push(err24);
}
errors++;
}
}
}
else {
const err25 = {instancePath:instancePath+"/emergencyContacts/" + i0,schemaPath:"#/definitions/emergencyContact/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err25];
}
else {
vErrors.push(err25);
}
errors++;
}
}
const seen0 = new Map();
for(let j0=0; j0<data4.length; j0++){
let value0 = data4[j0];
value0 = value0 !== null && typeof value0 == "object" ? value0["phone"] : undefined;
if(typeof value0 == "string" || typeof value0 == "number"){
if(seen0.has(value0)){
const at0 = "" + j0;
const err26 = {instancePath:instancePath+"/emergencyContacts/" + at0.replace(/~/g, "~0").replace(/\//g, "~1"),schemaPath:"#/properties/emergencyContacts/uniqueBy",keyword:"uniqueBy",params:{property: "/phone", i: seen0.get(value0), j: j0}};
if(vErrors === null){
vErrors = [err26];
}
else {
vErrors.push(err26);
}
errors++;
}
else {
seen0.set(value0, j0);
}
}
}
}
else {
const err27 = {instancePath:instancePath+"/emergencyContacts",schemaPath:"#/properties/emergencyContacts/type",keyword:"type",params:{type: "array"}};
if(vErrors === null){
vErrors = [err27];
}
else {
vErrors.push(err27);
}
errors++;
}
}
}
else {
const err28 = {instancePath,schemaPath:"#/type",keyword:"type",params:{type: "object"}};
if(vErrors === null){
vErrors = [err28];
}
else {
vErrors.push(err28);
}
errors++;
}
validate13.errors = vErrors;
return errors === 0;
}
